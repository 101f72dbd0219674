#!/usr/bin/env bash
# Writes include/qttt.h from qttt-ffi with cbindgen at its pin in
# tests/tools.txt (installed once per machine into cargo's bin folder when
# that version is missing), or with --check fails if the checked-in header
# differs from what it would write.
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../tests/lib.sh"
root=$QTTT_ROOT
need_cargo_tool cbindgen
cbindgen=${CARGO_HOME:-$HOME/.cargo}/bin/cbindgen
generate() { "$cbindgen" --quiet --config "$root/qttt-ffi/cbindgen.toml" --crate qttt-ffi --output "$1" "$root/qttt-ffi"; }
if [ "${1:-}" = "--check" ]; then
  fresh=$(mktemp)
  trap 'rm -f "$fresh"' EXIT
  generate "$fresh"
  if ! diff -u "$root/include/qttt.h" "$fresh"; then
    echo "include/qttt.h is out of date: run bash qttt-ffi/generate-header.sh" >&2
    exit 1
  fi
  echo "include/qttt.h is up to date"
else
  generate "$root/include/qttt.h"
fi
