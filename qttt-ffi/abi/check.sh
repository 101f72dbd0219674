#!/usr/bin/env bash
# The C library's ABI check. Builds libqttt with full debug information
# twice, from the working tree and from the baseline commit named in
# qttt-ffi/abi/baseline (the commit whose ABI the soname libqttt.so.0
# promises), and compares the two with abidiff (Debian's abigail-tools):
# the exported functions and every type they reach.
#
#   bash qttt-ffi/abi/check.sh   fail on any ABI change (the test command runs this)
#
# An added function is compatible: raise the library's minor version and
# move the baseline to the commit that adds it. A removed function or a
# changed signature or layout is not: that takes a new major version, whose
# new soname starts from a baseline of its own. The check also fails when
# the soname differs from the baseline's.
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../../tests/lib.sh"
cd "$QTTT_ROOT"
need_apt abigail-tools

quiet() { grep -Ev "^ *(Compiling|Finished|Building|Populating)|native artifacts|^note: native-static-libs|^$" || true; }
# Builds the library of the source tree $1 into the target folder $2 and prints its path.
build() {
  CARGO_PROFILE_RELEASE_DEBUG=2 CARGO_PROFILE_RELEASE_STRIP=none cargo cbuild --release -p qttt-ffi --manifest-path "$1/Cargo.toml" \
    --target-dir "$2" 2>&1 | quiet >&2
  ls "$2"/*/release/libqttt.so
}
soname() { readelf -d "$1" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p'; }

baseline=$(grep -v '^#' qttt-ffi/abi/baseline | head -n 1)
source=target/abi/baseline-source
if [ "$(cat "$source/.commit" 2>/dev/null)" != "$baseline" ]; then
  rm -rf "$source" && mkdir -p "$source"
  git archive "$baseline" | tar -x -C "$source"
  echo "$baseline" >"$source/.commit"
fi
old=$(build "$source" target/abi/baseline)
new=$(build . target/abi/current)
if [ "$(soname "$old")" != "$(soname "$new")" ]; then
  echo "the soname changed ($(soname "$old") -> $(soname "$new")): a new major version needs a baseline of its own" >&2
  exit 1
fi

# abidiff's exit status is a bit set: 1 error, 2 usage, 4 an ABI change, 8 an incompatible one.
set +e
abidiff "$old" "$new" >target/abi/report.txt
status=$?
set -e
if ((status & 3)); then cat target/abi/report.txt >&2; echo "abidiff failed" >&2; exit 1; fi
if ((status != 0)); then
  cat target/abi/report.txt
  if abidiff --no-added-syms "$old" "$new" >/dev/null; then
    echo "$(soname "$new") gained functions: if that is meant, raise the library's minor version and set qttt-ffi/abi/baseline to the commit that adds them" >&2
  else
    echo "$(soname "$new")'s ABI changed incompatibly: undo the change, or raise the major version (a new soname) with a baseline of its own" >&2
  fi
  exit 1
fi
echo "$(soname "$new"): the ABI matches the baseline commit ${baseline:0:12} ($(nm -D --defined-only "$new" | grep -c ' qttt_') functions)"
