#!/usr/bin/env bash
# WebAssembly figures for docs/performance.md: the package's size, complete
# random games per second under Node against the native build (whole
# processes, paired runs, with the workplace's timing tool if present, else
# hyperfine-style single runs with bash's time), and the empty-board solve
# in headless Chromium (bench/browser_solve.mjs), and an ordinary JavaScript
# loop of 200,000 random games (bench/wasm_loop.mjs: time per apply, memory).
# Usage: bash bench/wasm.sh [GAMES]
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-5000000}
bash qttt-wasm/build.sh
cargo build --release -p qttt --example playouts --quiet
echo "-- $games random games: WebAssembly under Node, then native"
time node bench/wasm_random.mjs "$games"
time target/release/examples/playouts "$games"
echo "-- an ordinary JavaScript loop: 200,000 random games, new Game() and apply(id)"
node bench/wasm_loop.mjs 200000
echo "-- the empty-board solve in headless Chromium"
bash web/build.sh >/dev/null
node bench/browser_solve.mjs
