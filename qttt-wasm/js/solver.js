// The package's Solver class: the engine's solver (a transposition table in
// the WebAssembly heap, qttt_wasm.js's SolverTable) asked about Games.
// The documentation is in index.d.ts.
import { SolverTable } from "./qttt_wasm.js";
import { bytesOf } from "./game.js";

export class Solver {
  #table;

  constructor(scoring, seed, openingBook) {
    this.#table = new SolverTable(scoring, seed, openingBook);
  }

  solve(game) {
    return this.#table.solve(bytesOf(game, "solve"));
  }

  bestAction(game) {
    return this.#table.bestAction(bytesOf(game, "bestAction"));
  }

  actionValues(game) {
    return this.#table.actionValues(bytesOf(game, "actionValues"));
  }

  clear() {
    this.#table.clear();
  }

  free() {
    this.#table.free();
  }
}
if (Symbol.dispose) Solver.prototype[Symbol.dispose] = Solver.prototype.free;
