// Every sentence the playground's scripts show, in one place: each formats
// a message of the locale files (qttt-locales/ftl/<lang>.ftl, read by
// i18n.js) in the language in use. The page's fixed text is in index.html
// (data-l10n-id), the tour's steps in tour.js; their words are in the
// locale files too.
import { t, list } from "./i18n.js";

const GLYPHS = { "??": "blunder", "?": "mistake", "?!": "dubious" };

export const text = {
  opponent: (kind) => t("opponent", { kind }),
  get draw() {
    return t("draw");
  },
  // A line: its squares and the classical marks in them.
  line: (squares, marks) => t("line", { squares: squares.join("–"), marks: marks.join(", ") }),
  wins: (winner, line, cause) => t("wins", { winner, line, cause }),
  winsFirst: (winner, line, newest, loser, other, otherNewest, cause) =>
    t("wins-first", { winner, line, newest, loser, other, otherNewest, cause }),
  /** Lines joined: "1–2–3 (…) and 4–5–6 (…)". */
  lines: (lines) => list(lines),
  byCollapse: (token, mark, square) => t("by-collapse", { token, mark, square }),
  byLastMark: (mark, square) => t("by-last-mark", { mark, square }),
  thinking: (player, kind) => t("thinking", { player, kind }),
  cycle: (chooser, mark, options) => t("cycle", { chooser, mark, options: list(options, "disjunction") }),
  // The pending cycle's marks, said after `cycle`; `drawn`: the board draws their lines thick.
  cycleMarks: (marks, drawn) => ` ${t("cycle-marks", { marks: marks.join(", "), drawn: drawn ? "yes" : "no" })}`,
  secondSquare: (player) => t("second-square", { player }),
  lastSquare: (player) => t("last-square", { player }),
  spookyMove: (player) => t("spooky-move", { player }),
  classicalSquare: (square) => t("classical-square", { square }),
  firstSquareChosen: (square) => t("first-square-chosen", { square }),
  computerFailed: (message) => t("computer-failed", { message }),
  get nothingToUndo() {
    return t("nothing-to-undo");
  },
  badLink: (message) => t("bad-link", { message }),
  get linkCopied() {
    return t("link-copied");
  },
  copyThisLink: (href) => t("copy-this-link", { href }),
  get solving() {
    return t("solving");
  },
  hintWins: (player, endMove) => t("hint-wins", { player, endMove }),
  hintLoses: (player, endMove) => t("hint-loses", { player, endMove }),
  get hintDraw() {
    return t("hint-draw");
  },
  choose: (mark, square) => t("choose", { mark, square }),
  // What a collapse choice does: where each mark of the cycle lands.
  landings: (landings) => t("landings", { landings: text.landingList(landings) }),
  landingList: (landings) => list(landings.map(([mark, square]) => t("landing", { mark, square }))),
  after: (mark, square) => t("after", { mark, square }),
  moveLine: (player, number, token) => t("move-line", { player, number, token }),
  chooseLine: (player, token, mark, square) => t("choose-line", { player, token, mark, square }),
  boardLabel: (player) => t("board-label", { player: player ?? "none" }),
  get board() {
    return t("board-default");
  },
  tourTitle: (step, steps, title) => t("tour-title", { step, steps, title }),
  tourBoard: (record) => t("tour-board", { record }),
  squareClassical: (square, mark) => t("square-classical", { square, mark }),
  squareSpooky: (square, marks) => t("square-spooky", { square, marks: marks.join(", ") }),
  squareEmpty: (square) => t("square-empty", { square }),
  squareOption: (square) => t("square-option", { square }),
  get squareSelected() {
    return t("square-selected");
  },
  get stepThrough() {
    return t("step-through");
  },
  stepThroughLabel: (mark, square) => t("step-through-label", { mark, square }),
  /** An error in words: the engine's by its reason code, any other by its message. */
  error: (error) => t("engine-error", { reason: error.reason ?? "other", message: error.message }),

  // --- the classical ensemble (ensemble.js) ---
  ensembleCount: (count) => t("ensemble-count", { count }),
  ensembleNotDrawn: (most) => t("ensemble-not-drawn", { most }),
  ensembleCollapsed: (before, after) => t("ensemble-collapsed", { before, after }),
  ensembleRuledOut: (before, gone) => t("ensemble-ruled-out", { before, gone }),
  ensembleMark: (mark, square) => t("ensemble-mark", { mark, square }),
  ensembleBoard: (index, marks) => t("ensemble-board", { index, marks: marks.length ? marks.join(", ") : "none" }),

  // --- the collapse step by step (steps.js) ---
  stepsTitle: (mark, square) => t("steps-title", { mark, square }),
  stepsPreviewTitle: (mark, square) => t("steps-preview-title", { mark, square }),
  stepsBoard: (shown, count) => t("steps-board", { shown, count }),
  stepsStart: (count, cycle, mark, square) => t("steps-start", { count, cycle: cycle.join(", "), mark, square }),
  stepFirst: (shown, count, mark, square) => t("step-first", { shown, count, mark, square }),
  stepForced: (shown, count, mark, from, by, square) => t("step-forced", { shown, count, mark, from, by, square }),
  get stepsDone() {
    return ` ${t("steps-done")}`;
  },
  get stepsPlay() {
    return t("steps-play");
  },
  get stepsPause() {
    return t("steps-pause");
  },

  // --- the review (review.js) ---
  get reviewing() {
    return t("reviewing");
  },
  reviewFailed: (message) => t("review-failed", { message }),
  reviewTitle: (step, steps) => t("review-title", { step, steps }),
  reviewBoard: (step, record) => t("review-board", { step, record: record || "none" }),
  // An action in words: a spooky move, the classical last move, a collapse choice.
  spookyAction: (mark, a, b) => t("spooky-action", { mark, a, b }),
  classicalAction: (mark, square) => t("classical-action", { mark, square }),
  collapseAction: (player, mark, square) => t("collapse-action", { player, mark, square }),
  // A value under perfect play, X's points minus O's (1, 0.5, 0, -0.5, -1).
  value: (points) => t("value", { points }),
  reviewStart: (value) => t("review-start", { value }),
  reviewStep: (token, action, before, after, verdict) => t("review-step", { token, action, before, after, verdict }),
  get keptWin() {
    return t("kept-win");
  },
  get keptDraw() {
    return t("kept-draw");
  },
  get keptLoss() {
    return t("kept-loss");
  },
  get keptHalf() {
    return t("kept-half");
  },
  winGivenAway: (after) => t("win-given-away", { after }),
  get drawGivenAway() {
    return t("draw-given-away");
  },
  get halfPointLost() {
    return t("half-point-lost");
  },
  glyph: (glyph) => (GLYPHS[glyph] ? t("glyph", { glyph: GLYPHS[glyph] }) : ""),
  best: (tokens) => t("best", { tokens: tokens.join(", "), count: tokens.length }),
  bestLine: (tokens) => t("best-line", { tokens: tokens.join(" ") }),
  lineAfter: (tokens) => t("line-after", { tokens: tokens.join(" ") || "none" }),
  reviewEnd: (value, mistakes) => t("review-end", { value, mistakes }),
  choiceLabel: (player, token) => t("choice-label", { player, token }),
  reviewItem: (token, glyph) => t("review-item", { token, glyph: glyph ?? "" }),

  // --- the puzzles (puzzles.js) ---
  puzzleTitle: (number, count) => t("puzzle-title", { number, count }),
  puzzleGrade: (depth) => t("puzzle-grade", { depth }),
  puzzleThemes: (themes) => t("puzzle-themes", { themes: list(themes) }),
  theme: (name) => t("theme", { name }),
  puzzleTask: (player, depth) => t("puzzle-task", { player, depth }),
  puzzleBoard: (player) => t("puzzle-board", { player: player ?? "none" }),
  puzzleRight: (token) => t("puzzle-right", { token }),
  puzzleAnswered: (token, answers) => t("puzzle-answered", { token, answers: answers.join(" ") }),
  tokenWords: (token, words) => t("token-words", { token, words }),
  puzzleSolved: (steps) => t("puzzle-solved", { steps: steps.join(", ") }),
  puzzleWrong: (token) => t("puzzle-wrong", { token }),
  get puzzleChecking() {
    return t("puzzle-checking");
  },
  puzzleSlower: (token) => t("puzzle-slower", { token }),
  get puzzleSolvedOther() {
    return t("puzzle-solved-other");
  },
  puzzleFailed: (message) => t("puzzle-failed", { message }),
  hintTheme: (themes) => t("hint-theme", { themes: list(themes) }),
  hintSquare: (square) => t("hint-square", { square }),
  solution: (steps) => t("solution", { steps: steps.join(", ") }),
  progress: (solved, count) => t("progress", { solved, count }),
  get solvedBefore() {
    return t("solved-before");
  },

  // --- offline use (offline.js, offline.html) ---
  get updateReady() {
    return t("update-ready");
  },
  get updateReload() {
    return t("update-reload");
  },
  get offlineTitle() {
    return t("offline-title");
  },
  get offlineHeading() {
    return t("offline-heading");
  },
  get offlineText() {
    return t("offline-text");
  },
  get offlinePlayground() {
    return t("offline-playground");
  },
};
