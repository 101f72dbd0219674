#!/usr/bin/env bash
# need_cargo_tool (tests/lib.sh) against a stand-in cargo on PATH, in its
# three cases, each install with quick_build's profile: --locked works (one install); --locked fails because the
# registry lacks a locked version (a second install without --locked, and
# one line that says so); --locked fails otherwise (no second try, cargo's
# message shown, the call fails). The stand-in writes each call to a log.
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"

fake=$(mktemp -d)
trap 'rm -rf "$fake"' EXIT
cat >"$fake/cargo" <<'FAKE'
#!/usr/bin/env bash
# A stand-in for cargo: "install --list" lists nothing; "install" logs its
# arguments (after the release profile's opt-level it was given) and
# behaves as FAKE_CARGO says when --locked is among them.
[ "$1 $2" = "install --list" ] && exit 0
echo "opt-level=${CARGO_PROFILE_RELEASE_OPT_LEVEL:-default} $*" >>"$FAKE_CARGO_LOG"
if [[ " $* " == *" --locked "* ]]; then
  case $FAKE_CARGO in
    missing) echo 'error: failed to select a version for the requirement `webpki-roots = "^1.0.10"` (locked to 1.0.11)' >&2; exit 101 ;;
    broken) echo 'error: could not compile `cbindgen`' >&2; exit 101 ;;
  esac
fi
exit 0
FAKE
chmod +x "$fake/cargo"
export FAKE_CARGO_LOG=$fake/calls
version=$(pin cbindgen)

# Runs need_cargo_tool cbindgen with the stand-in in case $1; sets calls, out, status.
attempt() {
  : >"$FAKE_CARGO_LOG"
  status=0
  out=$(FAKE_CARGO=$1 PATH="$fake:$PATH" need_cargo_tool cbindgen 2>&1) || status=$?
  mapfile -t calls <"$FAKE_CARGO_LOG"
}
fail() { echo "cargo_tool_fallback: $*" >&2; printf '  output: %s\n' "$out" >&2; printf '  call: %s\n' "${calls[@]}" >&2; exit 1; }

attempt ok
{ [ "$status" = 0 ] && [ ${#calls[@]} = 1 ] && [ "${calls[0]}" = "opt-level=1 install --quiet --locked --force cbindgen --version $version" ]; } ||
  fail "a working --locked install should be the only call"

attempt missing
{ [ "$status" = 0 ] && [ ${#calls[@]} = 2 ] && [ "${calls[1]}" = "opt-level=1 install --quiet --force cbindgen --version $version" ]; } ||
  fail "a lock file the registry cannot serve should be followed by one install without --locked"
# shellcheck disable=SC2016 # cargo's backquotes, literally
grep -Fq 'does not serve (`webpki-roots = "^1.0.10"` (locked to 1.0.11)); installing cbindgen '"$version"' without --locked' <<<"$out" ||
  fail "the fallback should say in one line what was missing"

attempt broken
{ [ "$status" != 0 ] && [ ${#calls[@]} = 1 ]; } || fail "any other failure should stop without a second try"
# shellcheck disable=SC2016 # cargo's backquotes, literally
{ grep -Fq 'could not compile `cbindgen`' <<<"$out" && grep -Fq "cargo install --locked cbindgen --version $version" <<<"$out"; } ||
  fail "a failed install should show cargo's message and the command to run by hand"
echo "need_cargo_tool: 3 cases passed (locked, fallback without --locked, other failure)"
