/// <reference lib="esnext.disposable" />
// (Solver's `[Symbol.dispose]`, for `using`: brought in here, so that a
// project with `"lib": ["es2022"]` needs no more; no DOM type is used.)
// The qttt package's types. Game and Solver are the package's own classes
// (game.js, solver.js), declared here; the functions and the plain types
// are generated from the Rust doc comments by wasm-bindgen; the error
// classes are in errors.js.
import type {
  PlayerName,
  Phase,
  ScoringName,
  OpponentKind,
  Outcome,
  View,
  Solution,
  ActionValue,
  CollapseStep,
  Review,
  ReviewComment,
} from "./qttt_wasm.js";

export {
  randomGames,
  actionToken,
  actionId,
  reasons,
  scorings,
  opponents,
  version,
  parseGames,
  normalizeGames,
  writeGames,
  puzzles,
  readPuzzles,
  Puzzle,
  GameFilePly,
  GameFileLine,
  GameFileGame,
  GameFilePlyInput,
  GameFileLineInput,
  GameFileGameInput,
  ReviewStep,
  Review,
  ReviewComment,
  PlayerName,
  Phase,
  ScoringName,
  OpponentKind,
  ReasonCode,
  Line,
  Outcome,
  View,
  Solution,
  ActionValue,
  CollapseStep,
  RandomGameCounts,
  ReasonInfo,
} from "./qttt_wasm.js";
export { QtttError, InvalidActionError, IllegalActionError, RecordError } from "@ERRORS@";

/**
 * A game of quantum tic-tac-toe, immutable: `play`, `collapse` and `apply`
 * return a new game and leave this one as it was, also when they throw. A
 * plain JavaScript value (its 56 bytes held in the object): the garbage
 * collector reclaims it like any other, so there is nothing to free.
 */
export declare class Game {
  #private;
  /** The empty board, X to move. */
  constructor();
  /**
   * The game a record reaches (`"15 26 @5"`, RULES.md notation). Throws a
   * `RecordError` naming the first token that does not parse or play.
   */
  static fromRecord(record: string): Game;
  /** The canonical record of the actions so far: `Game.fromRecord(record)` gives this game back. */
  readonly record: string;
  /**
   * Plays a move given by its token (`"15"` spooky, `"5"` classical). Throws
   * an `InvalidActionError` for what is no move (a malformed token, a
   * collapse choice), an `IllegalActionError` for a move not legal here, a
   * `TypeError` for a number (use `apply` for ids).
   */
  play(token: string): Game;
  /** Chooses where the newest mark of a cycle lands (`"@5"`). Errors as for `play`. */
  collapse(token: string): Game;
  /** Applies any action: a token (`"15"`, `"5"`, `"@5"`) or an action id (0-53). Errors as for `play`. */
  apply(action: string | number): Game;
  /** Whether a token or an action id is legal here (false for anything that is not an action). */
  isLegal(action: unknown): boolean;
  /** The legal actions' tokens, in ascending id order. */
  legalActions(): string[];
  /** The legal actions' ids, ascending. */
  legalActionIds(): Uint8Array;
  /** What the game waits for: `"move"`, `"collapse"` or `"over"`. */
  readonly phase: Phase;
  /** Who acts now (during a pending collapse, the chooser), or `null` once the game is over. */
  readonly toAct: PlayerName | null;
  /** The number the next mark will carry (1-10). */
  readonly moveNumber: number;
  /** Whether the game is over. */
  readonly isOver: boolean;
  /** The classical mark on a square (1-9), such as `"X5"`, or `undefined`. */
  classical(square: number): string | undefined;
  /** The spooky marks in a square (1-9), by move number (`["X1", "O4"]`). */
  spookyMarks(square: number): string[];
  /**
   * The classical ensemble (docs/ensemble.md): every classical board the
   * marks can still become, in mark order (by the square of the
   * lowest-numbered spooky mark, its lower square first, then the next).
   * Each board has nine entries, square 1 first: the mark there (`"X3"`)
   * or `null`. At most 27 boards.
   */
  ensemble(): (string | null)[][];
  /** How many boards `ensemble()` lists (1 to 27), counted without listing them. */
  ensembleCount(): number;
  /** While a collapse is pending, the newest mark's two squares (ascending); otherwise an empty array. */
  collapseOptions(): number[];
  /** While a collapse is pending, the mark that closed the cycle (`"X3"`), which lands in one of `collapseOptions()`; otherwise `undefined`. */
  collapsingMark(): string | undefined;
  /** While a collapse is pending, the marks of the cycle (the newest mark and the path that already joined its squares), ascending (`["X1", "O2", "X3", "O6"]`); otherwise an empty array. */
  cycle(): string[];
  /**
   * The collapse a choice (`"@1"`) would make, step by step (docs/API.md):
   * the newest mark lands first in the chosen square, then breadth first
   * each mark forced out of a square an earlier step landed in. Throws what
   * `collapse` would throw for the same token.
   */
  collapseSteps(token: string): CollapseStep[];
  /** Whether the next action is the classical last move: one square holds no classical mark, so a spooky pair cannot fit. */
  readonly classicalMoveDue: boolean;
  /** The normative JSON view (docs/API.md): one line, the same bytes as in Rust, C and Python. */
  view(): string;
  /** The JSON view as an object. */
  viewObject(): View;
  /** How the game ended (the view's `outcome`): `null` while it goes on. */
  outcome(): Outcome | null;
  /**
   * X's result of the finished game under `scoring` (default `"single"`),
   * X's points minus O's: 1 X wins, 0 draw, -1 O wins, with `"goff"` also
   * 0.5 or -0.5 when both players have lines; `null` while the game goes on.
   */
  result(scoring?: ScoringName): number | null;
  /**
   * The position's value under perfect play (`scoring`: `"single"`, the
   * default, `"goff"` or `"complete"`), with every optimal action and a
   * principal variation. Under `"single"` an opening book answers the first
   * marks, so it is quick; under the others the empty board takes seconds
   * (docs/performance.md): run it in a Web Worker. A `Solver` remembers
   * between calls.
   */
  solve(scoring?: ScoringName): Solution;
  /**
   * The token a computer opponent picks for whoever acts: `"random"`,
   * `"mcts"` (with `playouts`, default 2000) or `"perfect"`; `seed` (default
   * 0) seeds its choices. Throws an `IllegalActionError` (`game_over`) once
   * the game is over.
   */
  bestAction(kind: OpponentKind, seed?: number, playouts?: number): string;
  /** The game one action earlier, or `undefined` at the start. */
  undo(): Game | undefined;
  /** The text board (as the terminal program prints it). */
  board(): string;
  /**
   * Whether two games have the same record (the same actions from the empty
   * board). Games that reach one position by different records are not
   * equal: compare `positionKey()` for that.
   */
  equals(other: Game): boolean;
  /** A 128-bit key of the position (32 hex digits): equal keys, equal positions, whatever record reached them. */
  positionKey(): string;
  /** The key shared by the position's 8 symmetric images. */
  canonicalKey(): string;
  /** The game under a board symmetry, by name (`"rotate_90"`) or index 0-7. */
  transform(symmetry: string | number): Game;
}

/**
 * A solver that keeps its table from call to call: a game against the
 * perfect player, or hints on every move, solves the opening once. The
 * table lives in the WebAssembly heap; the garbage collector frees it with
 * the solver, `free()` (or `using`) at once.
 */
export declare class Solver {
  #private;
  /**
   * A solver for `scoring` (default `"single"`) whose choices among equally
   * good actions are seeded by `seed` (default 0); `openingBook` false
   * (default true) searches the early positions that the opening book would
   * answer under `"single"`.
   */
  constructor(scoring?: ScoringName, seed?: number, openingBook?: boolean);
  /** As `game.solve()`, answering what earlier calls solved from the table. */
  solve(game: Game): Solution;
  /** An optimal action's token for whoever acts (a seeded choice among equals); an `IllegalActionError` (`game_over`) once the game is over. */
  bestAction(game: Game): string;
  /**
   * The value of every legal action under perfect play, for hints:
   * `{action, value, endMove, forPlayer}` (X's result of the game after it,
   * X's points minus O's, and the same for the player who acts), in the
   * engine's one hint order: best first for the player who acts (a higher
   * result; among equals a win that ends sooner, a loss that ends later),
   * then by action id.
   */
  actionValues(game: Game): ActionValue[];
  /** Empties the table (it fills again as the solver works). */
  clear(): void;
  /** Frees the table now rather than when the garbage collector gets to it. */
  free(): void;
  [Symbol.dispose](): void;
}

/**
 * Every action of `game` judged by perfect play under `scoring` (default
 * `"single"`), from its ply `first` on (default 0: every action): the value
 * before and after each, what a mistake gave away, the best actions and
 * lines, and the review as an annotated game file (`qgn`). With
 * `openingBook` false, the positions the opening book would answer are
 * searched (Python's `opening_book=False`; the values are the same).
 * The `qgn`'s comments are in English; with `words`, each is what `words`
 * returns for it (a `ReviewComment`: the playground's locale files have
 * the messages `review-comment-start` and `review-comment-mistake`, which
 * Python's `review(..., lang=)` uses).
 */
export declare function review(
  game: Game,
  scoring?: ScoringName,
  first?: number,
  openingBook?: boolean,
  words?: (comment: ReviewComment) => string,
): Review;
