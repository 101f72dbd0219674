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

# A heading in the test command's output.
step() { printf '\n==> %s\n' "$*"; }

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

# Installs Debian packages whose command (tests/tools.txt) is missing,
# refreshing the package lists only when the first try fails.
need_apt() {
  local package command sudo=
  [ "$(id -u)" = 0 ] || sudo=sudo
  for package in "$@"; do
    command=$(tool_field "$package" 4) || return 1
    command -v "$command" >/dev/null 2>&1 && continue
    echo "installing $package (Debian)"
    $sudo apt-get install -y -qq -o DPkg::Lock::Timeout=600 "$package" >/dev/null 2>&1 ||
      { $sudo apt-get update -qq && $sudo apt-get install -y -qq -o DPkg::Lock::Timeout=600 "$package" >/dev/null; }
  done
}

# Installs cargo tool $1 at its pinned version, once per machine, into cargo's bin folder.
# First with the tool's own Cargo.lock (--locked); when the registry does not
# serve a version that lock file names, the same tool version again with its
# dependencies resolved afresh, saying so in one line. Any other failure stops.
need_cargo_tool() {
  local version log missing
  version=$(pin "$1") || return 1
  # cargo-c lists itself as "cargo-c v0.10.24+cargo-0.98.0:".
  cargo install --list | grep -Eq "^$1 v${version//./\\.}(\+[^:]*)?:\$" && return
  echo "installing $1 $version (once per machine; it can take several minutes)"
  log=$(mktemp)
  if cargo install --quiet --locked --force "$1" --version "$version" 2>"$log"; then
    rm -f "$log"
    return
  fi
  if grep -Eq 'failed to select a version|no matching package named' "$log"; then
    # shellcheck disable=SC2016 # the backticks are cargo's, matched literally
    missing=$(grep -Eom1 '`[^`]+` \(locked to [^)]+\)|named `[^`]+`' "$log") || missing="see cargo"
    echo "$1 $version: its Cargo.lock names a version the registry does not serve ($missing); installing $1 $version without --locked"
    rm -f "$log"
    cargo install --quiet --force "$1" --version "$version"
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
