// Every sentence the playground's scripts show, in one place (the page's
// fixed text is in index.html, the tour's in tour.js).

export const text = {
  opponent: (kind) => ({ random: "random", mcts: "MCTS", perfect: "perfect" })[kind] ?? kind,
  draw: "Draw: nobody has a line.",
  // A line: its squares and the classical marks in them.
  line: (squares, marks) => `${squares.join("–")} (${marks.join(", ")})`,
  wins: (winner, line, cause) => `${winner} wins with the line ${line}, ${cause}.`,
  winsFirst: (winner, line, newest, loser, other, otherNewest, cause) =>
    `${winner} wins. Both players got a line, ${cause}; ${winner}'s ${line} came first: ` +
    `its newest mark, ${newest}, is older than ${otherNewest} in ${loser}'s ${other}.`,
  and: " and ",
  byCollapse: (token, mark, square) => `made by the collapse ${token} (${mark} landed in ${square})`,
  byLastMark: (mark, square) => `made by the last mark, ${mark} in ${square}`,
  thinking: (player, kind) => `${player} (computer, ${kind}) is thinking…`,
  cycle: (chooser, mark, options) => `A cycle! ${chooser} chooses where ${mark} lands: square ${options.join(" or ")}.`,
  secondSquare: (player) => `${player} to move: choose the second square.`,
  lastSquare: (player) => `${player} to move: the last free square takes a classical mark.`,
  spookyMove: (player) => `${player} to move: click two squares for a spooky move.`,
  classicalSquare: (square) => `Square ${square} holds a classical mark: choose another.`,
  firstSquareChosen: (square) => `Square ${square} chosen: now the second square of the spooky move.`,
  computerFailed: (message) => `The computer could not move: ${message}`,
  nothingToUndo: "Nothing to undo.",
  badLink: (message) => `The link's record does not play (${message}); a new game instead.`,
  linkCopied: "Link copied.",
  copyThisLink: (href) => `Copy this link: ${href}`,
  solving: "Solving…",
  hintWins: (player, endMove) => `${player} wins (${endMove} marks)`,
  hintLoses: (player, endMove) => `${player} loses (${endMove} marks)`,
  hintDraw: "draw",
  choose: (mark, square) => `${mark} lands in ${square}`,
  // What a collapse choice does: where each mark of the cycle lands.
  landings: (landings) => `Then: ${landings.map(([mark, square]) => `${mark} in ${square}`).join(", ")}.`,
  after: (mark, square) => `The board if ${mark} lands in ${square}`,
  moveLine: (player, number, token) => `${player}${number}: ${token}`,
  chooseLine: (player, token, mark, square) => `${player}: ${token} (${mark} lands in ${square})`,
  boardLabel: (player) => `Board. ${player ? `${player} to act.` : "The game is over."}`,
  tourTitle: (step, steps, title) => `${step}/${steps}: ${title}`,
  tourBoard: (record) => `The position ${record}`,
  squareClassical: (square, mark) => `square ${square}: ${mark}, classical`,
  squareSpooky: (square, marks) => `square ${square}: spooky ${marks.join(", ")}`,
  squareEmpty: (square) => `square ${square}: empty`,
  squareOption: (square) => `; the newest mark can land here (@${square})`,
  squareSelected: "; selected",

  // --- the classical ensemble (ensemble.js) ---
  ensembleCount: (count) =>
    count === 1
      ? "Every mark is classical: 1 board, the one above."
      : `These ${count} classical boards are still possible.`,
  ensembleNotDrawn: (most) => `(The boards are drawn when there are at most ${most}.)`,
  ensembleCollapsed: (before, after) => `The collapse kept ${after} of the ${before} boards.`,
  ensembleRuledOut: (before, gone) =>
    `The new mark ruled out ${gone} of the ${before} boards the earlier marks could make.`,
  ensembleMark: (mark, square) => `${mark} in ${square}`,
  ensembleBoard: (index, marks) => `Board ${index}: ${marks.length ? marks.join(", ") : "empty"}`,

  // --- the review (review.js) ---
  reviewing: "Reviewing: every position solved by perfect play…",
  reviewFailed: (message) => `The review failed: ${message}`,
  reviewTitle: (step, steps) => `Review: step ${step} of ${steps}`,
  reviewBoard: (step, record) => `The board after step ${step}: ${record || "the empty board"}`,
  // An action in words: a spooky move, the classical last move, a collapse choice.
  spookyAction: (mark, a, b) => `${mark} in ${a} and ${b}`,
  classicalAction: (mark, square) => `${mark} in ${square}, classical`,
  collapseAction: (player, mark, square) => `${player} lets ${mark} land in ${square}`,
  // A value under perfect play, X's points minus O's in half points.
  value: (halfPoints) =>
    ({ 2: "X wins", 1: "X half a point ahead", 0: "a draw", "-1": "O half a point ahead", "-2": "O wins" })[halfPoints],
  reviewStart: (value) => `The start. With perfect play from here: ${value}.`,
  reviewStep: (token, action, before, after, verdict) =>
    `${token} (${action}): ${before} before, ${after} after: ${verdict}.`,
  keptWin: "kept the win",
  keptDraw: "kept the draw",
  keptLoss: "no action saved the game",
  keptHalf: "kept the value",
  winGivenAway: (after) => `gave the win away (now ${after})`,
  drawGivenAway: "gave the draw away (now a loss)",
  halfPointLost: "lost half a point",
  glyph: (glyph) =>
    ({ "??": "A blunder (??).", "?": "A mistake (?).", "?!": "A dubious action (?!)." })[glyph] ?? "",
  best: (tokens) => `Best: ${tokens.join(", ")}${tokens.length === 1 ? " (the only one)" : ""}.`,
  bestLine: (tokens) => `Best line: ${tokens.join(" ")}.`,
  lineAfter: (tokens) => `After it, perfect play: ${tokens.join(" ") || "the game is over"}.`,
  reviewEnd: (value, mistakes) =>
    `The end: ${value}. ${mistakes === 1 ? "1 action" : `${mistakes} actions`} lost value.`,
  choiceLabel: (player, token) => `${player}: ${token}`,
  reviewItem: (token, glyph) => `${token}${glyph ?? ""}`,

  // --- the puzzles (puzzles.js) ---
  puzzleTitle: (number, count) => `Puzzle ${number} of ${count}`,
  puzzleGrade: (depth) => `Depth ${depth}: win in ${depth}`,
  puzzleThemes: (themes) => `Teaches: ${themes.join(", ")}`,
  theme: (name) =>
    ({
      "collapse-choice": "the collapse choice",
      "earlier-line": "the earlier line",
      "forced-ninth-mark": "the forced ninth mark",
      "avoiding-cycle": "avoiding a cycle",
      "forcing-cycle": "forcing a cycle",
    })[name] ?? name,
  puzzleTask: (player, depth) => `${player} to act and win in ${depth}.`,
  puzzleBoard: (player) => `Puzzle board. ${player ? `${player} to act.` : "Solved."}`,
  puzzleRight: (token) => `${token}: right.`,
  puzzleAnswered: (token, answers) => `${token}: right. The reply: ${answers.join(" ")}. Your turn again.`,
  tokenWords: (token, words) => `${token} (${words})`,
  puzzleSolved: (steps) => `Solved: ${steps.join(", ")}.`,
  puzzleWrong: (token) => `${token} does not win: try again.`,
  puzzleChecking: "Not the solution's line: asking the solver whether it wins as soon…",
  puzzleSlower: (token) => `${token} does not win as soon as the solution: try again.`,
  puzzleSolvedOther: "Solved, by another line that wins as soon as the solution's.",
  puzzleFailed: (message) => `The solver could not answer: ${message}`,
  hintTheme: (themes) => `Hint: think of ${themes.join(" and ")}.`,
  hintSquare: (square) => `Hint: the winning action uses square ${square} (outlined).`,
  solution: (steps) => `The solution: ${steps.join(", ")}.`,
  progress: (solved, count) => `Solved so far: ${solved} of ${count} (kept in this browser).`,
  solvedBefore: "You solved this one before.",
};
