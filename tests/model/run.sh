#!/usr/bin/env bash
# The model part of the test command: the shared vectors (games, illegal
# continuations, perft) are what the independent model writes from the
# hand-worked cases, and the engine counts the same distinct positions by
# ply as the model's brute force, and the same classical ensembles.
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$QTTT_ROOT"

step "shared vectors agree with the independent model (tests/model)"
python3 tests/model/make_vectors.py --check

step "distinct positions by ply, to ply 4: the engine's enumeration (qttt/examples/state_space.rs) and its count (qttt positions) against the model's brute force"
model=$(cd tests/model && python3 state_space.py 4)
cargo build --release --quiet -p qttt --example state_space
diff <(target/release/examples/state_space 4) <(echo "$model")
cargo build --release --quiet -p qttt-cli
diff <(target/release/qttt positions --plain | awk -F'\t' 'NR > 1 && $1 != "all" && $1 <= 4 { print "| " $1 " | " $2 " | " $3 " |" }') \
     <(echo "$model" | tail -n +3)
echo "the same table"

step "classical ensemble of every vector position and prefix: the engine's count and list (qttt/examples/ensemble.rs) against the model's brute force (tests/model/ensemble.py)"
cargo build --release --quiet -p qttt --example ensemble
diff <(python3 tests/model/ensemble.py --records | target/release/examples/ensemble) \
     <(cd tests/model && python3 ensemble.py)
echo "the same ensembles: $(cd tests/model && python3 ensemble.py | wc -l) positions"
