#!/usr/bin/env bash
# The rust part of the test command: every Rust test of the workspace
# (unit, vectors, properties, no-allocation, doctests), and the published
# results and the opening book in release mode. (The benchmarks are
# type-checked by the lint part's clippy, which takes every target; their
# bench-profile build, a third build of every dependency, is left to
# whoever runs them.)
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$QTTT_ROOT"

step "Rust tests (unit, vectors, properties, no-allocation, doctests)"
cargo test --workspace --all-features

step "published results, solved from the empty board, the opening book against the search, every shipped puzzle re-proved, the values of plies 0 to 2 (release mode)"
cargo test --release -p qttt --test published --test book --test puzzles --test census -- --ignored
