#!/usr/bin/env bash
# Instructions of the review benchmark's game: callgrind counts the whole
# `qttt review` command (release build) for `28 14 25 57 49 69 47 79 @9`
# under `SingleResult`, with the opening book and without. Instruction
# counts repeat exactly for the same binary, whatever else the machine is
# doing; the time of the same work is `cargo bench -p qttt --bench
# analysis -- review`.
# Usage: bash bench/review_instructions.sh
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 1; }
cargo build --release -p qttt-cli --quiet
game="28 14 25 57 49 69 47 79 @9"
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/qttt review "$game" "$@" 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
echo "instructions, review of $game with the opening book: $(count)"
echo "instructions, the same without it (--no-book): $(count --no-book)"
