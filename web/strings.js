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
};
