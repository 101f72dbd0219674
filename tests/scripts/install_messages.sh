#!/usr/bin/env bash
# The install steps of tests/lib.sh when a pinned thing is missing or a
# registry refuses, against stand-ins for apt-get, npm, python3's venv and
# pip, and rustup on PATH: each fails with a last line that names what
# failed, the installer's own reason and what to do; a failed tool install
# leaves no half-made folder in the tool cache, a finished one is reused.
# The stand-ins write each call to a log.
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
real_root=$QTTT_ROOT

fake=$(mktemp -d)
trap 'rm -rf "$fake"' EXIT
mkdir -p "$fake/bin" "$fake/root/tests/web" "$fake/root/qttt-py"
export FAKE_LOG=$fake/calls QTTT_TOOLS_CACHE=$fake/cache
# A repository of its own: one Debian package that no machine has, the real pins otherwise.
printf 'apt  qttt-absent  debian  qttt-absent-command\n' >"$fake/root/tests/tools.txt"
cp "$real_root/tests/web/package.json" "$real_root/tests/web/package-lock.json" "$fake/root/tests/web/"
cp "$real_root/qttt-py/requirements-dev.txt" "$fake/root/qttt-py/"
QTTT_ROOT=$fake/root

stand_in() { # the stand-in $1, whose body is on standard input
  { echo '#!/usr/bin/env bash'; echo "echo \"$1 \$*\" >>\"\$FAKE_LOG\""; cat; } >"$fake/bin/$1"
  chmod +x "$fake/bin/$1"
}
stand_in apt-get <<'FAKE'
[ "$1" = update ] && exit 0
[ "$FAKE_APT" = ok ] && exit 0
echo "E: Unable to locate package ${*: -1}" >&2; exit 100
FAKE
stand_in sudo <<'FAKE'
exec "$@"
FAKE
stand_in npm <<'FAKE'
[ "$1 $2" = "config get" ] && { echo "https://registry.npmjs.org/"; exit 0; }
if [ "$FAKE_NPM" = ok ]; then mkdir -p node_modules/playwright-core; exit 0; fi
echo "npm error code ETARGET" >&2
echo "npm error notarget No matching version found for playwright-core@1.64.1." >&2
exit 1
FAKE
real_python=$(command -v python3)
stand_in python3 <<FAKE
if [ "\$1 \$2" = "-m venv" ]; then
  mkdir -p "\$3/bin" && cp "$fake/bin/pip" "\$3/bin/pip"
  exit 0
fi
exec "$real_python" "\$@"
FAKE
stand_in pip <<'FAKE'
echo "ERROR: Could not find a version that satisfies the requirement maturin==1.16.0 (from versions: 1.9.0)" >&2
echo "ERROR: No matching distribution found for maturin==1.16.0" >&2
exit 1
FAKE
stand_in rustup <<'FAKE'
[ "$1 $2" = "target list" ] && exit 0
echo "error: could not download file from 'https://static.rust-lang.org/dist/channel-rust-stable.toml.sha256'" >&2
exit 1
FAKE

# Runs "$@" with the stand-ins first on PATH; sets out, last (its last line), status, calls.
attempt() {
  : >"$FAKE_LOG"
  status=0
  out=$(PATH="$fake/bin:$PATH" "$@" 2>&1) || status=$?
  last=$(tail -n 1 <<<"$out")
  mapfile -t calls <"$FAKE_LOG"
}
fail() { echo "install_messages: $*" >&2; printf '  output: %s\n' "$out" >&2; printf '  call: %s\n' "${calls[@]}" >&2; exit 1; }
expect_last() { [ "$last" = "$1" ] || fail "the last line should be: $1"; }

attempt need_apt qttt-absent
[ "$status" != 0 ] || fail "need_apt should fail for a package apt cannot find"
[ "${calls[*]}" = "apt-get install -y -qq -o DPkg::Lock::Timeout=600 qttt-absent apt-get update -qq apt-get install -y -qq -o DPkg::Lock::Timeout=600 qttt-absent" ] ||
  fail "need_apt should try, refresh the package lists, try again"
expect_last "installing Debian's qttt-absent (for qttt-absent-command) failed: E: Unable to locate package qttt-absent; install it by hand (apt-get update && apt-get install qttt-absent) or add a Debian mirror to the apt sources"

FAKE_APT=ok attempt need_apt qttt-absent
[ "$status" != 0 ] || fail "need_apt should fail when the package brings no command"
expect_last "Debian's qttt-absent installed no qttt-absent-command: tests/tools.txt names the wrong command for it"

FAKE_NPM=refuse attempt npm_tools tests/web
[ "$status" != 0 ] || fail "npm_tools should fail when npm ci fails"
expect_last "npm ci for tests/web/package-lock.json failed: npm error notarget No matching version found for playwright-core@1.64.1.; check that npm's registry (https://registry.npmjs.org/) is reachable and serves the versions tests/web/package-lock.json pins"
[ -z "$(find "$QTTT_TOOLS_CACHE" -mindepth 1 -type d)" ] || fail "a failed install should leave no folder in the tool cache"

FAKE_NPM=ok attempt npm_tools tests/web
modules=$last
{ [ "$status" = 0 ] && [ -d "$modules/playwright-core" ] && [[ $modules == "$QTTT_TOOLS_CACHE"/npm-tests-web-*/node_modules ]]; } ||
  fail "npm_tools should install into the tool cache and print the node_modules folder"
FAKE_NPM=refuse attempt npm_tools tests/web
{ [ "$status" = 0 ] && [ "$last" = "$modules" ] && [ ${#calls[@]} = 0 ]; } || fail "a finished install should be reused without npm"
echo '{}' >>"$QTTT_ROOT/tests/web/package-lock.json"
FAKE_NPM=ok attempt npm_tools tests/web
{ [ "$status" = 0 ] && [ "$last" != "$modules" ]; } || fail "a changed lock file should name a new folder"

attempt python_tools
[ "$status" != 0 ] || fail "python_tools should fail when pip fails"
expect_last "pip install -r qttt-py/requirements-dev.txt failed: ERROR: Could not find a version that satisfies the requirement maturin==1.16.0 (from versions: 1.9.0); check that PyPI (or pip's configured index: pip config list) is reachable and serves the versions qttt-py/requirements-dev.txt pins"
[ -z "$(find "$QTTT_TOOLS_CACHE" -maxdepth 1 -name 'python-*' -type d)" ] || fail "a failed pip install should leave no virtualenv in the tool cache"

attempt need_rust_target wasm32-unknown-unknown
[ "$status" != 0 ] || fail "need_rust_target should fail when rustup fails"
expect_last "rustup target add wasm32-unknown-unknown failed: error: could not download file from 'https://static.rust-lang.org/dist/channel-rust-stable.toml.sha256'; run it by hand; without rustup (a distribution's cargo), install Rust with rustup: https://rustup.rs"
echo "install steps: 8 cases passed (apt, npm, pip, rustup: the reason and what to do in the last line; the tool cache)"
