// What the qttt package exports, whichever entry point loaded the engine
// (index.js in browsers and Web Workers, node.js under Node).
export { Game } from "./game.js";
export { Solver } from "./solver.js";
export { randomGames, actionToken, actionId, reasons, scorings, opponents, version } from "./qttt_wasm.js";
export { QtttError, InvalidActionError, IllegalActionError, RecordError } from "@ERRORS@";
