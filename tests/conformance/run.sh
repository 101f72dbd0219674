#!/usr/bin/env bash
# The cross-language conformance run of the test command: builds the Rust
# and C conformance programs and has tests/conformance/run.py compare them
# and the JavaScript one (the npm package, installed by tests/js/install.sh)
# with the Python module (installed in .venv by tests/python/install.sh).
# Within tests/run.sh, the wheel and the package of the python and js parts
# are reused; run alone, it builds them.
# Usage: bash tests/conformance/run.sh [--games N] [--seed S]
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$QTTT_ROOT"
part_done python || bash tests/python/install.sh
part_done js || bash tests/js/install.sh
out=target/c
mkdir -p "$out"
cargo build --release -p qttt-checks --example conform --quiet
bash tests/c/install-library.sh
gcc -std=c99 -Wall -Wextra -Werror -pedantic -O2 -Itarget/c/prefix/include tests/conformance/conform.c \
  target/c/prefix/lib/libqttt.a -lpthread -ldl -lm -o "$out/conform"
.venv/bin/python tests/conformance/run.py target/release/examples/conform "$out/conform" tests/conformance/conform.mjs "$@"
