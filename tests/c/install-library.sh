#!/usr/bin/env bash
# Installs the C library the way a user does, with cargo-c, into
# target/c/prefix (headers, libqttt.so.0.1.0 and its links, libqttt.a,
# qttt.pc, the CMake package). cargo-c itself is installed once per
# machine, at its pin in tests/tools.txt, into cargo's bin folder.
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$QTTT_ROOT"
need_cargo_tool cargo-c
prefix=$PWD/target/c/prefix
rm -rf "$prefix"
cargo cinstall --release -p qttt-ffi --prefix "$prefix" --libdir "$prefix/lib" 2>&1 |
  { grep -Ev "^ *(Compiling|Finished|Building|Populating|Installing)|native artifacts|^note: native-static-libs|^$" || true; }
