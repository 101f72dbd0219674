// The review of a finished game, drawn: the board of each step with the
// page's own drawing, the action and its value in words (before and after
// under perfect play, what a mistake gave away, the review's glyph), the
// best actions and line after a mistake, and the list of actions with the
// mistakes marked. The review itself (qttt's `review`) runs in the worker;
// which step is shown is app.js's to change (state.review).
import { Game } from "./qttt/index.js";
import { drawBoard } from "./board.js";
import { state } from "./state.js";
import { text } from "./strings.js";

const $ = (id) => document.getElementById(id);

/** An action of `game` in words: "X3 in 1 and 5", "X9 in 7, classical", "O lets X3 land in 5". */
export function actionWords(game, token) {
  if (token.startsWith("@")) return text.collapseAction(game.toAct, game.collapsingMark(), token.slice(1));
  const mark = `${game.toAct}${game.moveNumber}`;
  return token.length === 2 ? text.spookyAction(mark, token[0], token[1]) : text.classicalAction(mark, token);
}

/** A token with its player (and mark number): "X7: 79", "O: @8". */
function tokenLabel(game, token) {
  return token.startsWith("@") ? text.choiceLabel(game.toAct, token) : text.moveLine(game.toAct, game.moveNumber, token);
}

/** What an action did, from its player's side. */
function verdictWords(step) {
  const mine = step.player === "X" ? step.before : -step.before;
  if (step.verdict === "kept")
    return mine === 1 ? text.keptWin : mine === 0 ? text.keptDraw : mine === -1 ? text.keptLoss : text.keptHalf;
  if (step.verdict === "win_given_away") return text.winGivenAway(text.value(step.after));
  if (step.verdict === "draw_given_away") return text.drawGivenAway;
  return text.halfPointLost;
}

/**
 * Prepares a review from the worker's answer (`review`): the game before
 * every step, for drawing and for the words.
 */
export function prepareReview({ review }) {
  const games = [Game.fromRecord(review.start)];
  for (const step of review.steps) games.push(games[games.length - 1].apply(step.action));
  return { review, games };
}

/** Draws the review dialog at `state.reviewStep`; `onStep(k)` is called for a click on an action of the list. */
export function renderReview(onStep) {
  const title = $("review-title");
  const words = $("review-text");
  const best = $("review-best");
  const list = $("review-steps");
  const listFocused = list.contains(document.activeElement);
  const board = $("review-board");
  const buttons = ["review-first", "review-previous", "review-next", "review-last"].map($);
  if (!state.review) {
    title.textContent = text.reviewTitle(0, 0);
    for (const button of buttons) button.disabled = true;
    best.textContent = "";
    list.replaceChildren();
    board.replaceChildren();
    words.textContent = state.reviewError ? text.reviewFailed(state.reviewError) : text.reviewing;
    return;
  }
  const { review, games } = state.review;
  const k = state.reviewStep;
  const n = review.steps.length;
  const game = games[k];
  title.textContent = text.reviewTitle(k, n);
  drawBoard(board, game, { label: text.reviewBoard(k, game.record) });
  const step = review.steps[k - 1];
  const parts = [];
  if (!step) parts.push(text.reviewStart(text.value(n ? review.steps[0].before : review.finalValue)));
  else {
    const before = games[k - 1];
    parts.push(
      text.reviewStep(
        tokenLabel(before, step.action),
        actionWords(before, step.action),
        text.value(step.before),
        text.value(step.after),
        verdictWords(step),
      ),
    );
    if (step.glyph) parts.push(text.glyph(step.glyph));
  }
  if (k === n) parts.push(text.reviewEnd(text.value(review.finalValue), review.steps.filter((s) => s.verdict !== "kept").length));
  words.textContent = parts.join(" ");
  best.textContent =
    step && step.verdict !== "kept"
      ? `${text.best(step.best)} ${text.bestLine(step.bestLine)} ${text.lineAfter(step.lineAfter)}`
      : "";
  best.hidden = best.textContent === "";
  [buttons[0].disabled, buttons[1].disabled] = [k === 0, k === 0];
  [buttons[2].disabled, buttons[3].disabled] = [k === n, k === n];
  list.replaceChildren(
    ...review.steps.map((s, i) => {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "link";
      button.dataset.step = String(i + 1);
      button.textContent = text.reviewItem(tokenLabel(games[i], s.action), s.glyph);
      if (s.verdict !== "kept") li.className = "mistake";
      if (i + 1 === k) button.setAttribute("aria-current", "step");
      button.addEventListener("click", () => onStep(i + 1));
      li.append(button);
      return li;
    }),
  );
  if (listFocused) list.querySelector("[aria-current]")?.focus();
}
