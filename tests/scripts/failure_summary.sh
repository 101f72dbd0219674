#!/usr/bin/env bash
# tests/lib.sh's failure_summary, which ends the test command's output
# when a part fails, on the tail of a part's output as each test runner
# prints a failure (libtest with a panic, pytest -q, node --test in TAP and
# spec form, fuzz/smoke.sh) after a step heading and the failed_at line;
# and failed_at itself on a script that stops inside a function.
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
fail() { echo "failure_summary: $1" >&2; diff <(echo "$2") <(echo "$3") >&2 || true; exit 1; }

cat >"$log" <<'LOG'

==> server: the crash test, 40 rounds
test killed_and_restarted ... ok

==> server: two instances behind nginx, one killed mid-game
running 1 test
test one_instance_killed_mid_game ... FAILED

failures:

---- one_instance_killed_mid_game stdout ----

thread 'one_instance_killed_mid_game' panicked at qttt-server/tests/proxy.rs:52:5:
no instance through the proxy for 20 s
note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace

failures:
    one_instance_killed_mid_game

test result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 31.02s

error: test failed, to rerun pass `-p qttt-server --test proxy`
FAILED tests/test_game.py::test_undo - AssertionError: assert 1 == 2
not ok 1 - /repo/tests/web/online.test.mjs
    not ok 1 - two people play a whole game online
✖ two people play a whole game online (31012.5ms)
fuzz target gamefile failed; the input is in target/fuzz-artifacts/gamefile/
FAILED at tests/lib.sh line 20 (in helper, from tests/server/run.sh line 75): cargo test (status 101)
FAILED at tests/server/run.sh line 75: cargo test --release -p qttt-server --test proxy (status 101)
LOG
expected="  step:    server: two instances behind nginx, one killed mid-game
  command: tests/server/run.sh line 75: cargo test --release -p qttt-server --test proxy (status 101)
  test:    one_instance_killed_mid_game
  panic:   'one_instance_killed_mid_game' at qttt-server/tests/proxy.rs:52:5: no instance through the proxy for 20 s
  cargo:   test failed, to rerun pass \`-p qttt-server --test proxy\`
  pytest:  FAILED tests/test_game.py::test_undo - AssertionError: assert 1 == 2
  node:    /repo/tests/web/online.test.mjs
  node:    two people play a whole game online
  fuzz:    fuzz target gamefile failed; the input is in target/fuzz-artifacts/gamefile/"
got=$(failure_summary "$log")
[ "$got" = "$expected" ] || fail "the summary of a failed part" "$expected" "$got"

# failed_at in a script that stops inside a function of its own.
script=$(mktemp)
trap 'rm -f "$log" "$script"' EXIT
cat >"$script" <<SCRIPT
set -euo pipefail
source "$QTTT_ROOT/tests/lib.sh"
inner() {
  false
}
inner
SCRIPT
status=0
got=$(bash "$script" 2>&1) || status=$?
expected="FAILED at $script line 4 (in inner, from $script line 6): false (status 1)"
{ [ "$status" = 1 ] && [ "$got" = "$expected" ]; } || fail "failed_at inside a function (status $status)" "$expected" "$got"
echo "failure_summary: 2 cases passed (a part's output as five runners print failures; failed_at in a function)"
