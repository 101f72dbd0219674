#!/usr/bin/env bash
# The test command: every part in turn, or only the parts named. Each part
# is a script that installs what it needs and also runs on its own.
#   bash tests/run.sh               every part (the README's test command; .ci/run calls it)
#   bash tests/run.sh c python      those parts, in the order of the table
#   bash tests/run.sh --list        the parts and what each checks
#   QTTT_LANES=1 bash tests/run.sh  every part in turn, none beside the others
# Each part's output also goes to target/test-logs/PART.log. A few parts
# (`beside` below) run in a second lane beside the others; their output is
# shown whole once they end. At the end it prints how long each part took
# and, when a part failed, what broke (the step, the command, the failed
# tests: tests/lib.sh's failure_summary) in the last lines; it also fails
# if the run left anything in the source tree that git does not already
# know or ignore as a build folder (target/, .venv/, node_modules/ or its
# link, fuzz's own target/).
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/lib.sh"
trap - ERR # the parts' own traps name what failed; failure_summary repeats it
cd "$QTTT_ROOT"

# The parts, in the order of a full run: name | script (run with bash, with
# any arguments) | what it checks. Adding a part is adding its line here.
parts=(
  "lint        | tests/rust/lint.sh        | formatting, clippy with warnings as errors (every target, the benchmarks too), the no_std build"
  "docs        | tests/docs/run.sh         | rustdoc (all and default features, docs.rs), the team's texts, links, the repository map, the docs' shell commands"
  "scripts     | tests/scripts/run.sh      | the workflows (actionlint) and every shell script (shellcheck)"
  "model       | tests/model/run.sh        | the shared vectors against the independent model, positions by ply"
  "rust        | tests/rust/run.sh         | every Rust test, the published results and the opening book (release)"
  "positions   | tests/positions/run.sh    | the state-space count in release mode against exhaustive searches and the enumeration"
  "msrv        | tests/rust/msrv.sh        | the workspace builds with the declared minimum Rust (rust-version)"
  "crate       | tests/rust/package.sh     | the crate as published (its own tests, unpacked), semver against the baseline"
  "cli         | tests/cli/run.sh          | the program qttt against the vectors, cargo install"
  "c           | tests/c/run.sh            | the C library: header, install, ABI, C and C++ tests under sanitizers and Valgrind, CMake, SDL"
  "python      | tests/python/run.sh       | the wheel and sdist, pytest, doctests, stubs, API reference, notebook, fresh installs"
  "classroom   | tests/classroom/run.sh    | the rules pages in five languages, the lesson's answer key against the solver, the printables (SVG and PDF) rebuilt and checked"
  "js          | tests/js/run.sh           | the npm package: Node tests, TypeScript declarations, the README's example"
  "web         | tests/web/run.sh          | the playground in headless Chromium"
  "server      | tests/server/run.sh       | the tables server: the crash test on the release binary (kill -9, restart, compare), the online pages in Chromium"
  "conformance | tests/conformance/run.sh  | 10,000 seeded games and every vector through Rust, C, Python and JavaScript"
  "fuzz        | fuzz/smoke.sh 20          | every fuzz target for 20 seconds from the checked-in seeds"
)

# The parts that run beside the others, in a second lane, when a run has
# them and others too: they use build folders and products of their own
# (model: release examples and Python's brute force; fuzz: its own build
# folder, then one fuzzer at a time) and mostly keep one core busy, which
# the other parts leave idle while they link, test single-threaded or wait
# for a browser. On two cores this takes several minutes off a full run.
beside=" model fuzz "

field() { # the part's line, column (1 name, 2 command, 3 description)
  awk -F'|' -v column="$2" '{ gsub(/^ +| +$/, "", $column); print $column }' <<<"$1"
}
names=()
declare -A command_of description_of
for part in "${parts[@]}"; do
  name=$(field "$part" 1)
  names+=("$name")
  command_of[$name]=$(field "$part" 2)
  description_of[$name]=$(field "$part" 3)
done
logs=$QTTT_ROOT/target/test-logs

# Runs part $1 with its output to stdout; its status.
run_part() {
  local command
  read -ra command <<<"${command_of[$1]}"
  bash "${command[@]}"
}

if [ "${1:-}" = "--list" ]; then
  for name in "${names[@]}"; do printf '%-12s %s\n' "$name" "${description_of[$name]}"; done
  exit 0
fi
# The second lane (started by the run below, in a session of its own):
# parts $2... in turn, each one's output into its log and, at its end, its
# status and time into PART.done.
if [ "${1:-}" = "--lane" ]; then
  shift
  for name; do
    start=$SECONDS status=0
    run_part "$name" >"$logs/$name.log" 2>&1 </dev/null || status=$?
    echo "$status $((SECONDS - start))" >"$logs/$name.done"
  done
  exit 0
fi
for wanted in "$@"; do
  [[ " ${names[*]} " == *" $wanted "* ]] || { echo "no part named $wanted; the parts: ${names[*]}" >&2; exit 2; }
done
selected=()
for name in "${names[@]}"; do
  [ $# -eq 0 ] || [[ " $* " == *" $name "* ]] && selected+=("$name")
done
main=() side=()
for name in "${selected[@]}"; do
  if [[ $beside == *" $name "* ]]; then side+=("$name"); else main+=("$name"); fi
done
if [ "${QTTT_LANES:-2}" = 1 ] || [ ${#main[@]} = 0 ] || [ ${#side[@]} = 0 ]; then
  main=("${selected[@]}") side=()
fi

# What git sees (untracked and ignored entries included) before the run.
tree_state() { git status --porcelain --ignored 2>/dev/null | grep -Ev '^!! "?(target/|\.venv/|tests/(js|web)/node_modules(/|$)|fuzz/target/)' || true; }
before=$(tree_state)
rm -rf "$logs" && mkdir -p "$logs"

timings=()
failed=
side_pid=
report() {
  local status=$?
  [ -z "$side_pid" ] || kill -TERM -- "-$side_pid" 2>/dev/null || true
  if [ ${#timings[@]} -gt 0 ]; then
    printf '\nTime per part:\n'
    printf '  %s\n' "${timings[@]}"
  fi
  if [ -n "$failed" ]; then
    printf '\npart %s FAILED; rerun it alone: bash tests/run.sh %s (its whole output: target/test-logs/%s.log)\n' \
      "$failed" "$failed" "$failed"
    failure_summary "$logs/$failed.log"
  fi
  return $status
}
trap report EXIT

# Part $1 took $2 s and ended with status $3 ($4: a note for the report).
ended() {
  if [ "$3" = 0 ]; then
    timings+=("$(printf '%-12s %4d s%s' "$1" "$2" "$4")")
    QTTT_PARTS_DONE="$QTTT_PARTS_DONE $1"
  else
    timings+=("$(printf '%-12s %4d s  FAILED%s' "$1" "$2" "$4")")
    failed=$1
    exit 1
  fi
}

# Shows the output of the second lane's parts that have ended since the last look.
shown=" "
look_beside() {
  local name status seconds
  for name in "${side[@]}"; do
    { [[ $shown != *" $name "* ]] && [ -f "$logs/$name.done" ]; } || continue
    shown+="$name "
    read -r status seconds <"$logs/$name.done"
    printf '\n######## part %s (beside the others): %s\n' "$name" "${description_of[$name]}"
    cat "$logs/$name.log"
    ended "$name" "$seconds" "$status" "  beside the others"
  done
}

# Parts of this run that are done; a part that needs another's products
# (conformance: the wheel and the npm package) builds them only when that
# part did not run before it.
export QTTT_PARTS_DONE=""
if [ ${#side[@]} -gt 0 ]; then
  printf '\n######## beside the others, in a second lane: %s (output shown when each ends)\n' "${side[*]}"
  setsid bash "$0" --lane "${side[@]}" </dev/null >/dev/null 2>&1 &
  side_pid=$!
fi
for name in "${main[@]}"; do
  look_beside
  printf '\n######## part %s: %s\n' "$name" "${description_of[$name]}"
  start=$SECONDS status=0
  run_part "$name" 2>&1 | tee "$logs/$name.log" || status=$?
  ended "$name" $((SECONDS - start)) "$status" ""
done
while [ -n "$side_pid" ] && kill -0 "$side_pid" 2>/dev/null; do
  look_beside
  sleep 1
done
look_beside
side_pid=

# Entries git shows now and did not before (files removed meanwhile are no fault).
new=$(comm -13 <(sort <<<"$before") <(tree_state | sort))
if [ -n "$new" ]; then
  echo "the source tree changed during the run (files a part wrote and left, or edits made meanwhile):" >&2
  mapfile -t entries <<<"$new"
  printf '  %s\n' "${entries[@]}" >&2
  exit 1
fi
timings+=("$(printf '%-12s %4d s' "in all" "$SECONDS")")
printf '\nAll tests passed.\n'
