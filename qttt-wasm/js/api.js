// What the qttt package exports, whichever entry point loaded the engine
// (index.js in browsers and Web Workers, node.js under Node).
import { bytesOf } from "./game.js";
import { gameReview } from "./qttt_wasm.js";

export { Game } from "./game.js";
export { Solver } from "./solver.js";
export { randomGames, actionToken, actionId, reasons, scorings, opponents, version, parseGames, normalizeGames, writeGames, puzzles, readPuzzles } from "./qttt_wasm.js";
export { QtttError, InvalidActionError, IllegalActionError, RecordError } from "@ERRORS@";

/** Every action of `game` judged by perfect play (index.d.ts). */
export function review(game, scoring, first, openingBook, words) {
  if (words !== undefined && typeof words !== "function") throw new TypeError("review(): words must be a function of a ReviewComment");
  return gameReview(bytesOf(game, "review"), scoring, first, openingBook, words);
}
