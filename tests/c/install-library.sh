#!/usr/bin/env bash
# Installs the C library the way a user does, with cargo-c, into
# target/c/prefix (headers, libqttt.so.0.1.0 and its links, libqttt.a,
# qttt.pc, the CMake package). cargo-c itself is installed once per
# machine, at the pinned version, into cargo's bin folder.
set -euo pipefail
cd "$(dirname "$0")/../.."
version=0.10.24
if ! cargo cinstall --version 2>/dev/null | grep -q "^cargo-c $version+"; then
  echo "installing cargo-c $version (once per machine; several minutes)"
  cargo install --quiet --locked --force cargo-c --version "$version"
fi
prefix=$PWD/target/c/prefix
rm -rf "$prefix"
cargo cinstall --release -p qttt-ffi --prefix "$prefix" --libdir "$prefix/lib" 2>&1 |
  { grep -Ev "^ *(Compiling|Finished|Building|Populating|Installing)|native artifacts|^note: native-static-libs|^$" || true; }
