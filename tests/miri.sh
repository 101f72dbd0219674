#!/usr/bin/env bash
# Miri over the Rust tests of the C library (qttt-ffi/tests/api.rs and its
# unit tests): every NULL path, aliased in/out pointers, small buffers,
# scribbled-over games, cancel flags. Installs the nightly toolchain and
# Miri through rustup if they are missing. Not part of tests/run.sh (it
# takes several minutes); run it before changing qttt-ffi/src/memory.rs or
# any other unsafe code. Miri runs the vector loops on a sample (MIRI_STEP).
# Usage: bash tests/miri.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if ! cargo +nightly miri --version >/dev/null 2>&1; then
  rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
  rustup component add --toolchain nightly miri rust-src
fi
# Isolation off: the tests read the shared vectors from tests/vectors/.
MIRIFLAGS="-Zmiri-disable-isolation" cargo +nightly miri test -p qttt-ffi "$@"
