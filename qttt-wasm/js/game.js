// The package's Game class: a game of quantum tic-tac-toe kept as its byte
// form (56 bytes, a Uint8Array the class never hands out), so a game is an
// ordinary JavaScript value: the garbage collector reclaims it at once like
// any other, and a loop that makes millions of games needs no free().
// Every method passes the bytes to the engine (qttt_wasm.js); actions
// return the next game's bytes. The documentation is in index.d.ts.
import * as engine from "./qttt_wasm.js";

let empty = null; // the empty board's bytes, shared (never written)

/** The bytes of a game (for the Solver, inside the package); a TypeError for anything else. */
export let bytesOf;

export class Game {
  #bytes;

  constructor() {
    this.#bytes = empty ??= engine.gameNew();
  }

  /** The game of these bytes (from the engine). */
  static #of(bytes) {
    const game = new Game();
    game.#bytes = bytes;
    return game;
  }

  static {
    bytesOf = (game, method) => {
      if (!(Object(game) === game && #bytes in game)) throw new TypeError(`${method}() takes a Game`);
      return game.#bytes;
    };
  }

  /** The game the engine's `change` makes of this one (it throws for what it refuses). */
  #next(change, argument) {
    return Game.#of(change(this.#bytes, argument));
  }

  static fromRecord(record) {
    if (typeof record !== "string") throw new TypeError("fromRecord() takes a record string such as \"15 26 @5\"");
    return Game.#of(engine.gameFromRecord(record));
  }

  get record() {
    return engine.gameRecord(this.#bytes);
  }

  play(token) {
    return this.#next(engine.gamePlay, token);
  }

  collapse(token) {
    return this.#next(engine.gameCollapse, token);
  }

  apply(action) {
    return this.#next(engine.gameApply, action);
  }

  isLegal(action) {
    return engine.gameIsLegal(this.#bytes, action);
  }

  legalActions() {
    return engine.gameLegalActions(this.#bytes);
  }

  legalActionIds() {
    return engine.gameLegalActionIds(this.#bytes);
  }

  get phase() {
    return engine.gamePhase(this.#bytes);
  }

  get toAct() {
    return engine.gameToAct(this.#bytes);
  }

  get moveNumber() {
    return engine.gameMoveNumber(this.#bytes);
  }

  get isOver() {
    return engine.gameIsOver(this.#bytes);
  }

  classical(square) {
    return engine.gameClassical(this.#bytes, square);
  }

  spookyMarks(square) {
    return engine.gameSpookyMarks(this.#bytes, square);
  }

  collapseOptions() {
    return [...engine.gameCollapseOptions(this.#bytes)];
  }

  collapsingMark() {
    return engine.gameCollapsingMark(this.#bytes);
  }

  ensemble() {
    const marks = engine.gameEnsemble(this.#bytes);
    const boards = [];
    for (let start = 0; start < marks.length; start += 9) {
      boards.push(marks.slice(start, start + 9).map((mark) => mark || null));
    }
    return boards;
  }

  ensembleCount() {
    return engine.gameEnsembleCount(this.#bytes);
  }

  cycle() {
    return engine.gameCycle(this.#bytes);
  }

  collapseSteps(token) {
    return engine.gameCollapseSteps(this.#bytes, token);
  }

  get classicalMoveDue() {
    return engine.gameClassicalMoveDue(this.#bytes);
  }

  view() {
    return engine.gameView(this.#bytes);
  }

  viewObject() {
    return JSON.parse(this.view());
  }

  outcome() {
    return this.viewObject().outcome;
  }

  result(scoring) {
    return engine.gameResult(this.#bytes, scoring);
  }

  solve(scoring) {
    return engine.gameSolve(this.#bytes, scoring);
  }

  bestAction(kind, seed, playouts) {
    return engine.gameBestAction(this.#bytes, kind, seed, playouts);
  }

  undo() {
    const bytes = engine.gameUndo(this.#bytes);
    return bytes && Game.#of(bytes);
  }

  board() {
    return engine.gameBoard(this.#bytes);
  }

  equals(other) {
    return engine.gameEquals(this.#bytes, bytesOf(other, "equals"));
  }

  positionKey() {
    return engine.gamePositionKey(this.#bytes);
  }

  canonicalKey() {
    return engine.gameCanonicalKey(this.#bytes);
  }

  transform(symmetry) {
    return this.#next(engine.gameTransform, symmetry);
  }

  toString() {
    return `Game("${this.record}")`;
  }
}
