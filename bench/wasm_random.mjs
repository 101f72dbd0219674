// Complete random games in WebAssembly under Node: `node bench/wasm_random.mjs N`
// plays N games from the empty board with the npm package's randomGames
// (SplitMix64 seeded with 1, as qttt/examples/playouts.rs does natively).
// bench/wasm.sh times it against the native program.
import { randomGames } from "../target/npm/qttt/index.js";

const games = Number(process.argv[2] ?? 10_000);
const counts = randomGames(games, 1);
console.log(`${games} games: X ${counts.X}, O ${counts.O}, draw ${counts.draw}`);
