#!/usr/bin/env bash
# The test command: every part in turn, or only the parts named. Each part
# is a script that installs what it needs and also runs on its own.
#   bash tests/run.sh               every part (the README's test command; .ci/run calls it)
#   bash tests/run.sh c python      those parts, in the order of the table
#   bash tests/run.sh --list        the parts and what each checks
# At the end it prints how long each part took, and fails if the run left
# anything in the source tree that git does not already know or ignore as
# a build folder (target/, .venv/, node_modules/ or its link, fuzz's own target/).
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$QTTT_ROOT"

# The parts, in the order of a full run: name | script (run with bash, with
# any arguments) | what it checks. Adding a part is adding its line here.
parts=(
  "lint        | tests/rust/lint.sh        | formatting, clippy with warnings as errors, the no_std build"
  "docs        | tests/docs/run.sh         | rustdoc (all and default features, docs.rs), the team's texts, links, the repository map, the docs' shell commands"
  "scripts     | tests/scripts/run.sh      | the workflows (actionlint) and every shell script (shellcheck)"
  "model       | tests/model/run.sh        | the shared vectors against the independent model, positions by ply"
  "rust        | tests/rust/run.sh         | every Rust test, the published results and the opening book (release), benchmarks compile"
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

field() { # the part's line, column (1 name, 2 command, 3 description)
  awk -F'|' -v column="$2" '{ gsub(/^ +| +$/, "", $column); print $column }' <<<"$1"
}
names=()
for part in "${parts[@]}"; do names+=("$(field "$part" 1)"); done

if [ "${1:-}" = "--list" ]; then
  for part in "${parts[@]}"; do printf '%-12s %s\n' "$(field "$part" 1)" "$(field "$part" 3)"; done
  exit 0
fi
for wanted in "$@"; do
  [[ " ${names[*]} " == *" $wanted "* ]] || { echo "no part named $wanted; the parts: ${names[*]}" >&2; exit 2; }
done

# What git sees (untracked and ignored entries included) before the run.
tree_state() { git status --porcelain --ignored 2>/dev/null | grep -Ev '^!! "?(target/|\.venv/|tests/(js|web)/node_modules(/|$)|fuzz/target/)' || true; }
before=$(tree_state)

timings=()
report() {
  local status=$?
  if [ ${#timings[@]} -gt 0 ]; then
    printf '\nTime per part:\n'
    printf '  %s\n' "${timings[@]}"
  fi
  return $status
}
trap report EXIT

# Parts of this run that are done; a part that needs another's products
# (conformance: the wheel and the npm package) builds them only when that
# part did not run before it.
export QTTT_PARTS_DONE=""
for part in "${parts[@]}"; do
  name=$(field "$part" 1)
  [ $# -eq 0 ] || [[ " $* " == *" $name "* ]] || continue
  read -ra command <<<"$(field "$part" 2)"
  printf '\n######## part %s: %s\n' "$name" "$(field "$part" 3)"
  start=$SECONDS
  if ! bash "${command[@]}"; then
    timings+=("$(printf '%-12s %4d s  FAILED' "$name" $((SECONDS - start)))")
    echo "part $name failed (rerun it alone: bash tests/run.sh $name)" >&2
    exit 1
  fi
  timings+=("$(printf '%-12s %4d s' "$name" $((SECONDS - start)))")
  QTTT_PARTS_DONE="$QTTT_PARTS_DONE $name"
done

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
