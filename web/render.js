// Draws the page from the state: the status line (naming a pending
// cycle's marks), the board, the collapse previews (each with a button to
// step through it), the move list, the hints and the message. Drawing only: what
// happens on a click is app.js's.
import { Game } from "./qttt/index.js";
import { drawBoard, entanglementDrawn } from "./board.js";
import { state, computerActs, humanTurn } from "./state.js";
import { text } from "./strings.js";

const $ = (id) => document.getElementById(id);

/** How the game ended: each line with its marks, and the action that made them. */
function endText(game, outcome) {
  if (!outcome.winner) return text.draw;
  const before = game.undo();
  const token = game.record.split(" ").pop();
  const square = Number(token.replace("@", ""));
  const cause = token.startsWith("@")
    ? text.byCollapse(token, before.collapsingMark(), square)
    : text.byLastMark(game.classical(square), square);
  const of = (player) => outcome.lines.filter((l) => l.player === player);
  const describe = (lines) =>
    text.lines(lines.map((l) => text.line(l.squares, l.squares.map((s) => game.classical(s)))));
  const mine = of(outcome.winner);
  const theirs = outcome.lines.filter((l) => l.player !== outcome.winner);
  if (!theirs.length) return text.wins(outcome.winner, describe(mine), cause);
  const newest = (l) => `${l.player}${l.highest}`;
  const [winner, loser] = [mine[0], theirs[0]];
  return text.winsFirst(
    winner.player,
    describe(mine),
    newest(winner),
    loser.player,
    describe(theirs),
    newest(loser),
    cause,
  );
}

function statusText() {
  const game = state.game;
  const outcome = game.outcome();
  if (outcome) return endText(game, outcome);
  if (state.thinking) return text.thinking(game.toAct, text.opponent(state.kind));
  if (game.phase === "collapse") {
    return text.cycle(game.toAct, game.collapsingMark(), game.collapseOptions()) + text.cycleMarks(game.cycle(), entanglementDrawn());
  }
  if (state.selected) return text.secondSquare(game.toAct);
  return game.classicalMoveDue ? text.lastSquare(game.toAct) : text.spookyMove(game.toAct);
}

/** The squares where two games differ (their classical or spooky marks). */
function differingSquares(a, b) {
  const [va, vb] = [a.viewObject(), b.viewObject()];
  const holds = (view, square) =>
    `${view.classical[square] ?? ""} ${Object.entries(view.spooky)
      .filter(([, squares]) => squares.includes(square))
      .map(([mark]) => mark)}`;
  return new Set([1, 2, 3, 4, 5, 6, 7, 8, 9].filter((s) => holds(va, s) !== holds(vb, s)));
}

/** Where each mark lands when a collapse ends in `after`: the marks classical there but not in `before`. */
function landings(before, after) {
  return [1, 2, 3, 4, 5, 6, 7, 8, 9]
    .filter((s) => after.classical(s) && !before.classical(s))
    .map((s) => [after.classical(s), s])
    .sort(([a], [b]) => Number(a.slice(1)) - Number(b.slice(1)));
}

/**
 * Draws the page. `on.square(n)` is called for a click on square n,
 * `on.action(token)` for a collapse choice's button, `on.steps(token)` for
 * a preview's "step through" button.
 */
export function render(on) {
  const game = state.game;
  const focused = document.activeElement?.dataset?.square;
  const canAct = humanTurn();
  drawBoard($("board"), game, {
    interactive: true,
    selected: state.selected,
    onSquare: on.square,
    label: text.boardLabel(game.isOver ? null : game.toAct),
  });
  $("board").classList.toggle("waiting", !canAct);
  if (focused) $("board").querySelector(`[data-square="${focused}"]`)?.focus();
  $("status").textContent = statusText();

  const choices = $("choices");
  choices.hidden = game.phase !== "collapse";
  const boards = $("choice-boards");
  boards.replaceChildren();
  if (game.phase === "collapse") {
    const mark = game.collapsingMark();
    const outcomes = game.collapseOptions().map((square) => {
      const token = `@${square}`;
      return { square, token, after: game.apply(token) };
    });
    const differs = differingSquares(outcomes[0].after, outcomes[1].after);
    for (const { square, token, after } of outcomes) {
      const figure = document.createElement("figure");
      const mini = document.createElement("div");
      mini.className = "board small";
      drawBoard(mini, after, { differs, label: text.after(mark, square) });
      const caption = document.createElement("figcaption");
      caption.textContent = text.landings(landings(game, after));
      const choose = document.createElement("button");
      choose.type = "button";
      choose.className = "choose";
      choose.dataset.action = token;
      choose.textContent = text.choose(mark, square);
      choose.disabled = !canAct;
      choose.addEventListener("click", () => on.action(token));
      const steps = document.createElement("button");
      steps.type = "button";
      steps.className = "step-through";
      steps.dataset.steps = token;
      steps.textContent = text.stepThrough;
      steps.setAttribute("aria-label", text.stepThroughLabel(mark, square));
      steps.addEventListener("click", () => on.steps(token));
      figure.append(choose, mini, caption, steps);
      boards.append(figure);
    }
  }
  $("computer-options").disabled = state.mode !== "computer";

  const moves = $("moves");
  moves.replaceChildren();
  let replay = new Game();
  for (const token of game.record.split(" ").filter(Boolean)) {
    const item = document.createElement("li");
    item.textContent = token.startsWith("@")
      ? text.chooseLine(replay.toAct, token, replay.collapsingMark(), token.slice(1))
      : text.moveLine(replay.toAct, replay.moveNumber, token);
    moves.append(item);
    replay = replay.apply(token);
  }
  $("undo").disabled = game.record === "";
  $("review-game").hidden = !game.isOver;
}

/** Whether hints are to be shown for the state now. */
export function hintsWanted() {
  return state.hints && !state.game.isOver && !computerActs();
}

/**
 * The hint list: hidden, "Solving…", the values of the legal actions
 * (`values`, in the engine's hint order: best first for the player who
 * acts), or an error.
 */
export function renderHints({ values = null, error = null } = {}) {
  const list = $("hint-list");
  list.hidden = !state.hints || state.game.isOver;
  const item = (content, className = "") => {
    const li = document.createElement("li");
    li.className = className;
    li.textContent = content;
    return li;
  };
  if (list.hidden || (!values && !error && !hintsWanted())) return list.replaceChildren();
  if (error) return list.replaceChildren(item(error.message));
  if (!values) return list.replaceChildren(item(text.solving, "working"));
  const player = state.game.toAct;
  list.replaceChildren(
    ...values.map((v) => {
      const li = item("", v.forPlayer > 0 ? "good" : v.forPlayer < 0 ? "bad" : "even");
      li.dataset.action = v.action;
      const code = document.createElement("code");
      code.textContent = v.action;
      const outcome =
        v.forPlayer > 0
          ? text.hintWins(player, v.endMove)
          : v.forPlayer < 0
            ? text.hintLoses(player, v.endMove)
            : text.hintDraw;
      li.append(code, ` ${outcome}`);
      return li;
    }),
  );
}

/** The message under the board: guidance, or (`error`) what went wrong. */
export function say(message, { error = false } = {}) {
  $("message").textContent = message;
  $("message").classList.toggle("error", error);
}
