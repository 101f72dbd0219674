#!/usr/bin/env bash
# The state-space count in release mode: the part of its tests too slow for
# a debug build (qttt/src/analysis/positions.rs: every position of four
# marks, and the count on the top two rows, against exhaustive searches;
# qttt/tests/positions.rs: the count against qttt/examples/state_space.rs
# to ply 5), then `qttt positions` against the independent model's brute
# force to ply 4. A few minutes on two cores, 3 GB.
set -euo pipefail
cd "$(dirname "$0")/../.."

echo "state space: the count against exhaustive search and enumeration (release)"
cargo test --release --quiet -p qttt --lib analysis::positions -- --ignored
cargo test --release --quiet -p qttt --test positions -- --ignored

echo "state space: qttt positions against the model's brute force, to ply 4"
cargo build --release --quiet -p qttt-cli
diff <(target/release/qttt positions --plain | awk -F'\t' 'NR > 1 && $1 != "all" && $1 <= 4 { print "| " $1 " | " $2 " | " $3 " |" }') \
     <(cd tests/model && python3 state_space.py 4 | tail -n +3)
