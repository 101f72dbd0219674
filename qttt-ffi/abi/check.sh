#!/usr/bin/env bash
# The C library's ABI check. Builds libqttt with full debug information,
# describes its ABI with abidw (Debian's abigail-tools: the exported
# functions and every type they reach) and compares it with abidiff
# against the checked-in baseline for its soname, qttt-ffi/abi/<soname>.abi.
#
#   bash qttt-ffi/abi/check.sh            fail on any ABI change (the test command)
#   bash qttt-ffi/abi/check.sh --update   write the baseline for the current soname
#
# --update refuses to overwrite a baseline with a change to what it already
# holds (a removed function, a changed signature or layout): that needs a
# new soname, that is a new major version of the library, whose first
# baseline is then written beside the old one. Additions are compatible: the
# update writes them (with a minor version bump of the library).
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v abidiff >/dev/null || {
  echo "installing abigail-tools"
  apt-get install -y -qq abigail-tools >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq abigail-tools >/dev/null; }
}

CARGO_PROFILE_RELEASE_DEBUG=2 cargo cbuild --release -p qttt-ffi --target-dir target/abi 2>&1 | { grep -Ev "^ *(Compiling|Finished|Building|Populating)|native artifacts|^note: native-static-libs|^$" || true; }
lib=$(ls target/abi/*/release/libqttt.so)
soname=$(readelf -d "$lib" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
baseline=qttt-ffi/abi/$soname.abi
# Dependencies' sources sit under cargo's home: keep only their crate's path.
dump() { abidw --no-corpus-path --no-comp-dir-path --no-show-locs "$1" | sed -E "s#path='[^']*/registry/src/[^/]*/#path='registry/#"; }

# abidiff's exit status is a bit set: 1 error, 2 usage, 4 an ABI change, 8 an incompatible one.
compare() {
  set +e
  abidiff "$@" "$baseline" "$lib" >target/abi/report.txt
  local status=$?
  set -e
  if ((status & 3)); then cat target/abi/report.txt >&2; echo "abidiff failed" >&2; exit 1; fi
  return "$status"
}

if [ "${1:-}" = "--update" ]; then
  if [ -f "$baseline" ] && ! compare --no-added-syms; then
    cat target/abi/report.txt
    echo "refused: $soname's ABI changed in what it already had; that needs a new major version (a new soname)" >&2
    exit 1
  fi
  dump "$lib" >"$baseline"
  echo "wrote $baseline"
  exit 0
fi

if [ ! -f "$baseline" ]; then
  echo "no ABI baseline for $soname: a new major version writes its first one with bash qttt-ffi/abi/check.sh --update" >&2
  exit 1
fi
if ! compare; then
  cat target/abi/report.txt
  if compare --no-added-syms; then
    echo "$soname gained functions: if that is meant, raise the library's minor version and run bash qttt-ffi/abi/check.sh --update" >&2
  else
    echo "$soname's ABI changed incompatibly: undo the change, or raise the major version (a new soname) and write its baseline" >&2
  fi
  exit 1
fi
echo "$soname: the ABI matches its baseline ($(grep -c "<elf-symbol name='qttt_" "$baseline") functions)"
