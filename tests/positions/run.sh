#!/usr/bin/env bash
# The state-space count in release mode: the part of its tests too slow for
# a debug build (qttt/src/analysis/positions.rs: every position of four
# marks, and the count on the top two rows, against exhaustive searches;
# qttt/tests/positions.rs: the count against qttt/examples/state_space.rs
# to ply 5). `qttt positions` against the independent model's brute force
# to ply 4 is in the model part. A few minutes on two cores, 3 GB.
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$QTTT_ROOT"

step "state space: the count against exhaustive search and enumeration (release)"
cargo test --release --quiet -p qttt --lib analysis::positions -- --ignored
cargo test --release --quiet -p qttt --test positions -- --ignored

