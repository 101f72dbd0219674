// Type-checked by tests/js/run.sh with tsconfig.es2022.json: a Node
// project with `"lib": ["es2022"]` only (no DOM, no esnext.disposable, no
// @types/node) and `skipLibCheck: false`, so every declaration file of the
// package is checked. The package's declarations must need nothing more
// (the generated web loader's `RequestInfo`, `Response`, `BufferSource`
// and `WebAssembly` types are cut off by qttt-wasm/build.sh).
import { Game, Solver, randomGames, review as reviewGame } from "qttt";
import type { Solution, View } from "qttt";

const game: Game = Game.fromRecord("58 47 67 59 48 68");
const solution: Solution = game.solve();
const view: View = game.viewObject();
const solver = new Solver();
const best: string = solver.bestAction(game);
solver.free();
const counts = randomGames(10, 1);
const review = reviewGame(game.collapse("@8"));
export { solution, view, best, counts, review };
