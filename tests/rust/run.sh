#!/usr/bin/env bash
# The rust part of the test command: every Rust test of the workspace
# (unit, vectors, properties, no-allocation, doctests), the published
# results and the opening book in release mode, and the benchmarks compile.
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$QTTT_ROOT"

step "Rust tests (unit, vectors, properties, no-allocation, doctests)"
cargo test --workspace --all-features

step "published results, solved from the empty board, the opening book against the search, every shipped puzzle re-proved, the values of plies 0 to 2 (release mode)"
cargo test --release -p qttt --test published --test book --test puzzles --test census -- --ignored

# Only the bench targets: without --bench, cargo also builds every library
# as a benchmark harness in release mode, which no one runs.
step "benchmarks compile"
cargo bench --workspace --bench '*' --no-run --quiet
