#!/usr/bin/env bash
# Instructions per complete random game: callgrind counts the instructions
# of `qttt/examples/playouts.rs` for 10,000 and for 30,000 games, and the
# difference divided by 20,000 removes start-up cost. Instruction counts
# repeat exactly for the same binary, whatever else the machine is doing.
# Usage: bash bench/instructions.sh
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 1; }
cargo build --release -p qttt --example playouts --quiet
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/playouts "$1" 2>&1 |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
few=$(count 10000)
many=$(count 30000)
echo "instructions: $few for 10,000 games, $many for 30,000 games"
echo "per complete random game: $(( (many - few) / 20000 ))"
