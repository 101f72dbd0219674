// The playground's state: the game and the settings around it. Changed
// only by app.js; read by the drawing (render.js) and the links (links.js).

export const state = {
  game: null, // a qttt Game
  selected: 0, // the first square of a spooky move being made
  mode: "humans", // or "computer"
  kind: "mcts", // the computer's opponent kind
  side: "O", // the computer's side
  hints: false,
  present: false, // the presenter layout (a projector's): the board and the ensemble fill the screen
  thinking: false,
  generation: 0, // bumped by every change of game; stale answers are dropped
  seed: 1,
  review: null, // the review being shown (review.js's prepareReview), or null while it is worked out
  reviewStep: 0, // the step shown: 0 the start, k after the k-th action
  reviewError: null,
  puzzle: null, // the puzzle being solved (puzzles.js)
};

/** Whether the computer is to act now. */
export const computerActs = () =>
  state.mode === "computer" && !state.game.isOver && state.game.toAct === state.side;

/** Whether the person at the screen may act now. */
export const humanTurn = () => !computerActs() && !state.thinking && !state.game.isOver;
