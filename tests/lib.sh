# Helpers shared by the scripts of the test command. Source it, do not run it:
#   source "$(dirname "$0")/../lib.sh"     (from tests/PART/run.sh; the path differs by depth)
# It sets QTTT_ROOT (the repository) and keeps Python's byte-code caches out
# of the source tree. The pins it installs by are in tests/tools.txt.
# shellcheck shell=bash

QTTT_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Scripts run python3 on files of the source tree (tests/model, tests/docs):
# their __pycache__ folders go under target/ instead.
export PYTHONPYCACHEPREFIX=$QTTT_ROOT/target/pycache
# So does hypothesis's example database (tests/python/run.sh also moves mypy's cache).
export HYPOTHESIS_STORAGE_DIRECTORY=$QTTT_ROOT/target/hypothesis

# A run builds each crate once (in CI from a clean clone): no incremental
# compilation state, which only pays off when rebuilding, and line tables
# only in debug builds (backtraces keep their files and lines). Measured on
# the 2-core machine (docs/performance.md): the server's and the core's
# test builds 135 s instead of 221 s, 1.6 GB instead of 4.2 GB. A setting
# of the caller's own is kept.
export CARGO_INCREMENTAL=${CARGO_INCREMENTAL:-0}
export CARGO_PROFILE_DEV_DEBUG=${CARGO_PROFILE_DEV_DEBUG:-line-tables-only}

# A heading in the test command's output.
step() { printf '\n==> %s\n' "$*"; }

# When a command stops a script (set -e), one line naming it and where it
# is: "FAILED at FILE line N (in FUNCTION, from SCRIPT line M): COMMAND
# (status S)", which tests/run.sh repeats at the end of its output.
failed_at() {
  local status=$? where
  where="${BASH_SOURCE[1]#"$QTTT_ROOT/"} line $1"
  if [ ${#FUNCNAME[@]} -gt 2 ]; then
    where+=" (in ${FUNCNAME[1]}, from ${BASH_SOURCE[-1]#"$QTTT_ROOT/"} line ${BASH_LINENO[-2]})"
  fi
  echo "FAILED at $where: $2 (status $status)" >&2
}
set -o errtrace
trap 'failed_at "$LINENO" "$BASH_COMMAND"' ERR

# What broke, from the output (file $1) of a part that failed, in a few
# lines: the step it was in (its last heading), the command that stopped
# it (failed_at), and the failed tests as cargo test (and its panics),
# pytest, node --test (TAP and spec) and fuzz/smoke.sh name them.
failure_summary() {
  local heading
  heading=$(grep '^==> ' "$1" | tail -n 1) || true
  [ -z "$heading" ] || echo "  step:    ${heading#==> }"
  grep '^FAILED at ' "$1" | tail -n 1 | sed 's/^FAILED at /  command: /' || true
  awk '
    function out(kind, text) { if (!seen[kind text]++ && shown++ < 20) printf "  %-8s %s\n", kind ":", text }
    /^test .* \.\.\. FAILED$/ { sub(/^test /, ""); sub(/ \.\.\. FAILED$/, ""); out("test", $0) }
    panic { sub(/^ +/, ""); out("panic", where " " $0); panic = 0; next }
    /^thread .* panicked at .*:$/ { where = $0; sub(/^thread /, "", where); sub(/ panicked at /, " at ", where); panic = 1 }
    /^error: test failed, to rerun pass / { sub(/^error: /, ""); out("cargo", $0) }
    /^(FAILED|ERROR) [^ ]+/ && !/^FAILED at / { out("pytest", $0) }
    /^ *not ok [0-9]+ - / { sub(/^ *not ok [0-9]+ - /, ""); out("node", $0) }
    /^ *✖ / { sub(/^ *✖ /, ""); sub(/ \([0-9.]+m?s\)$/, ""); out("node", $0) }
    /^fuzz target [^ ]+ failed/ { out("fuzz", $0) }
  ' "$1"
}

# The workspace's version ([workspace.package] of the root Cargo.toml).
workspace_version() { sed -n 's/^version = "\(.*\)"/\1/p' "$QTTT_ROOT/Cargo.toml" | head -n 1; }

# The version of package $1 in Cargo.lock.
locked_version() {
  awk -v name="$1" '$0 == "name = \"" name "\"" { getline; gsub(/version = |"/, ""); print; exit }' "$QTTT_ROOT/Cargo.lock"
}

# Column $2 (1 ecosystem, 2 package, 3 version, 4 command) of package $1 in tests/tools.txt.
tool_field() {
  local value
  value=$(awk -v name="$1" -v column="$2" '!/^#/ && $2 == name { print $column }' "$QTTT_ROOT/tests/tools.txt")
  [ -n "$value" ] || { echo "tests/tools.txt has no $1" >&2; return 1; }
  if [[ $value == lock:* ]]; then locked_version "${value#lock:}"; else echo "$value"; fi
}

# The pinned version of package $1.
pin() { tool_field "$1" 3; }

# Runs the install command "$3"... with its output kept aside. When it
# fails: that output's last lines, then one line saying what failed ($1),
# why (the installer's own reason, see install_reason) and what to do ($2).
install_step() {
  local what=$1 advice=$2 log status=0
  shift 2
  log=$(mktemp)
  "$@" >"$log" 2>&1 || status=$?
  if [ "$status" != 0 ]; then
    tail -n 30 "$log" >&2
    echo "$what failed: $(install_reason "$log"); $advice" >&2
  fi
  rm -f "$log"
  return "$status"
}

# The line of an installer's output (file $1) that says why it failed:
# the first naming a missing version or package or a refused connection,
# else the first error line, else the last line.
install_reason() {
  local line
  line=$(grep -Eim1 'no matching (distribution|version|package)|could not find a version|notarget|not in this registry|unable to locate|failed to select|not found|could not (resolve|connect)|connection refused|temporary failure|forbidden|E40[34]|ENOTFOUND|ECONNREFUSED|EAI_AGAIN|ETIMEDOUT' "$1") ||
    line=$(grep -Em1 '^(ERROR|E:|error|npm error|npm ERR!)' "$1") ||
    line=$(grep -v '^[[:space:]]*$' "$1" | tail -n 1)
  line=${line#"${line%%[![:space:]]*}"}
  echo "${line:-no message}"
}

# Installs Debian packages whose command (tests/tools.txt) is missing,
# refreshing the package lists only when the first try fails.
need_apt() {
  local package command
  APT_SUDO=
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null ||
      { echo "installing Debian packages needs root or sudo: as root, run apt-get install $*" >&2; return 1; }
    APT_SUDO=sudo
  fi
  for package in "$@"; do
    command=$(tool_field "$package" 4) || return 1
    command -v "$command" >/dev/null 2>&1 && continue
    echo "installing $package (Debian)"
    if ! $APT_SUDO apt-get install -y -qq -o DPkg::Lock::Timeout=600 "$package" >/dev/null 2>&1; then
      install_step "installing Debian's $package (for $command)" \
        "install it by hand (apt-get update && apt-get install $package) or add a Debian mirror to the apt sources" \
        apt_update_install "$package" || return 1
    fi
    command -v "$command" >/dev/null 2>&1 ||
      { echo "Debian's $package installed no $command: tests/tools.txt names the wrong command for it" >&2; return 1; }
  done
}
apt_update_install() {
  $APT_SUDO apt-get update -qq && $APT_SUDO apt-get install -y -qq -o DPkg::Lock::Timeout=600 "$1"
}

# Adds the Rust target $1 (rustup) when it is missing.
need_rust_target() {
  rustup target list --installed 2>/dev/null | grep -qx "$1" && return
  install_step "rustup target add $1" \
    "run it by hand; without rustup (a distribution's cargo), install Rust with rustup: https://rustup.rs" \
    rustup target add "$1"
}

# Installs the Rust toolchain $1 (rustup, minimal profile) when it is missing.
need_rust_toolchain() {
  rustup toolchain list 2>/dev/null | grep -q "^$1" && return
  install_step "rustup toolchain install $1" \
    "run it by hand; without rustup (a distribution's cargo), install Rust with rustup: https://rustup.rs" \
    rustup toolchain install "$1" --profile minimal
}

# The per-machine folder for the tools that files $2... pin (with the text
# $QTTT_CACHE_KEY, when set, as part of the key): $1-HASH under
# QTTT_TOOLS_CACHE (default ${XDG_CACHE_HOME:-~/.cache}/qttt-tools). A change
# to a pin names a new folder; old ones can be deleted at any time.
tool_cache() {
  local name=$1 hash
  shift
  hash=$({ cat "$@"; echo "${QTTT_CACHE_KEY:-}"; } | sha256sum | cut -c 1-16)
  echo "${QTTT_TOOLS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/qttt-tools}/$name-$hash"
}

# Makes the tool folder $1 with the command "$2"... unless it is complete:
# under a lock (runs in parallel wait for one another), marked complete at
# the end; a folder an interrupted run left half made is made afresh.
cached_tools() {
  local dir=$1
  shift
  [ -e "$dir/.complete" ] && return
  mkdir -p "${dir%/*}"
  (
    flock 9
    [ -e "$dir/.complete" ] && exit 0
    rm -rf "$dir" && mkdir -p "$dir"
    "$@" || { rm -rf "$dir"; exit 1; }
    touch "$dir/.complete"
  ) 9>"$dir.lock"
}

# npm ci in folder $1, quiet unless it fails; $2 names the lock file for the message.
npm_ci() {
  (cd "$1" && install_step "npm ci for $2" \
    "check that npm's registry ($(npm config get registry 2>/dev/null)) is reachable and serves the versions $2 pins" \
    npm ci --no-audit --no-fund --loglevel=error)
}

# The node_modules folder of the npm packages that folder $1 of the
# repository pins (package.json, package-lock.json), installed once per
# machine into the tool cache; prints its path.
npm_tools() {
  local dir
  dir=$(tool_cache "npm-${1//\//-}" "$QTTT_ROOT/$1/package.json" "$QTTT_ROOT/$1/package-lock.json")
  cached_tools "$dir" npm_tools_into "$1" "$dir" >&2 || return 1
  echo "$dir/node_modules"
}
npm_tools_into() {
  echo "installing the npm packages of $1/package-lock.json (once per machine, into $2)"
  cp "$QTTT_ROOT/$1/package.json" "$QTTT_ROOT/$1/package-lock.json" "$2/" && npm_ci "$2" "$1/package-lock.json"
}

# A new virtualenv at $1.
new_venv() {
  install_step "python3 -m venv $1" "install Python's venv module (Debian: apt-get install python3-venv)" \
    python3 -m venv "$1"
}

# The virtualenv of the Python tools that qttt-py/requirements-dev.txt pins,
# made once per machine (and python3) in the tool cache; prints its path.
python_tools() {
  local dir
  dir=$(QTTT_CACHE_KEY=$(python3 -c 'import sys; print(sys.executable, sys.version)') \
    tool_cache python "$QTTT_ROOT/qttt-py/requirements-dev.txt")
  cached_tools "$dir" python_tools_into "$dir" >&2 || return 1
  echo "$dir"
}
python_tools_into() {
  echo "installing the Python tools of qttt-py/requirements-dev.txt (once per machine, into $1)"
  new_venv "$1" && install_step "pip install -r qttt-py/requirements-dev.txt" \
    "check that PyPI (or pip's configured index: pip config list) is reachable and serves the versions qttt-py/requirements-dev.txt pins" \
    "$1/bin/pip" install --disable-pip-version-check -r "$QTTT_ROOT/qttt-py/requirements-dev.txt"
}

# The clone's own virtualenv .venv (made on first use), for the project's
# wheel; the per-machine Python tools (python_tools) are on its path
# through a .pth file. Sets PYTHON_TOOLS (where maturin, auditwheel, ... are).
project_venv() {
  local venv=$QTTT_ROOT/.venv site tools_site
  PYTHON_TOOLS=$(python_tools) || return 1
  [ -x "$venv/bin/python" ] || new_venv "$venv" || return 1
  site=$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_path("purelib"))')
  tools_site=$("$PYTHON_TOOLS/bin/python" -c 'import sysconfig; print(sysconfig.get_path("purelib"))')
  echo "import site; site.addsitedir('$tools_site')" >"$site/qttt-tools.pth"
}

# Runs the command "$@" (a cargo install of a tool) with a quick release
# profile: the tools (cargo-semver-checks, cargo-c, cbindgen, ...) run for
# seconds in a test run, and their own profile (full optimisation, often
# fat LTO and one codegen unit) costs minutes of compiling on a machine
# that has none of them. Only these installs see it.
quick_build() {
  CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_LTO=off \
    CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_DEBUG=0 "$@"
}

# Installs cargo tool $1 at its pinned version, once per machine, into cargo's bin folder,
# built with quick_build's profile.
# First with the tool's own Cargo.lock (--locked); when the registry does not
# serve a version that lock file names, the same tool version again with its
# dependencies resolved afresh, saying so in one line. Any other failure stops.
need_cargo_tool() {
  local version log missing
  version=$(pin "$1") || return 1
  # cargo-c lists itself as "cargo-c v0.10.24+cargo-0.98.0:". The list is
  # read whole first: grep -q stops at its match, and under pipefail a cargo
  # still writing into the closed pipe would fail the test and reinstall.
  grep -Eq "^$1 v${version//./\\.}(\+[^:]*)?:\$" <<<"$(cargo install --list)" && return
  echo "installing $1 $version (once per machine; it can take several minutes)"
  log=$(mktemp)
  if quick_build cargo install --quiet --locked --force "$1" --version "$version" 2>"$log"; then
    rm -f "$log"
    return
  fi
  if grep -Eq 'failed to select a version|no matching package named' "$log"; then
    # shellcheck disable=SC2016 # the backquotes are cargo's, not a command
    missing=$(grep -Eom1 '`[^`]+` \(locked to [^)]+\)|named `[^`]+`' "$log") || missing="see cargo"
    echo "$1 $version: its Cargo.lock names a version the registry does not serve ($missing); installing $1 $version without --locked"
    rm -f "$log"
    install_step "installing $1 $version without --locked" "install it by hand with: cargo install $1 --version $version" \
      quick_build cargo install --quiet --force "$1" --version "$version"
    return
  fi
  cat "$log" >&2
  rm -f "$log"
  echo "installing $1 $version failed (cargo's message above); install it by hand with: cargo install --locked $1 --version $version" >&2
  return 1
}

# True when part $1 already ran in this run of tests/run.sh (whose
# products, such as the installed wheel, another part may then reuse).
part_done() { [[ " ${QTTT_PARTS_DONE:-} " == *" $1 "* ]]; }

# tests/web/node_modules: a link to the per-machine install of the browser
# tests' npm packages (tests/web/package-lock.json: playwright-core,
# @fluent/syntax), which the server part's browser test uses too.
need_web_test_modules() {
  local modules link=$QTTT_ROOT/tests/web/node_modules
  modules=$(npm_tools tests/web) || return 1
  [ -L "$link" ] && [ "$(readlink "$link")" = "$modules" ] && return
  rm -rf "$link" && ln -s "$modules" "$link"
}

# node --test with a hang guard: a test still running after ten minutes
# fails with its name (as any failure, in failure_summary's last lines)
# instead of holding the run until CI's limit. Not a speed limit: the
# slowest test takes well under a minute on a loaded machine.
node_test() {
  node --test --test-timeout=600000 "$@"
}

