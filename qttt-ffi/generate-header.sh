#!/usr/bin/env bash
# Writes include/qttt.h from qttt-ffi with the pinned cbindgen (installed
# once per machine into cargo's bin folder when that version is missing), or
# with --check fails if the checked-in header differs from what it would write.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
version=0.29.4
cbindgen=${CARGO_HOME:-$HOME/.cargo}/bin/cbindgen
if ! "$cbindgen" --version 2>/dev/null | grep -qx "cbindgen $version"; then
  echo "installing cbindgen $version (once per machine)"
  cargo install --quiet --locked --force cbindgen --version "$version"
fi
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
