// Draws the page from the state: the status line, the board, the collapse
// previews, the move list, the hints and the message. Drawing only: what
// happens on a click is app.js's.
import { Game } from "./qttt/index.js";
import { drawBoard } from "./board.js";
import { state, computerActs, humanTurn } from "./state.js";
import { text } from "./strings.js";

const $ = (id) => document.getElementById(id);

function statusText() {
  const game = state.game;
  const outcome = game.outcome();
  if (outcome) {
    if (!outcome.winner) return text.draw;
    return text.wins(outcome.winner, new Set(outcome.lines.map((l) => l.player)).size === 2);
  }
  if (state.thinking) return text.thinking(game.toAct, text.opponent(state.kind));
  if (game.phase === "collapse") return text.cycle(game.toAct, game.collapsingMark(), game.collapseOptions());
  if (state.selected) return text.secondSquare(game.toAct);
  return game.classicalMoveDue ? text.lastSquare(game.toAct) : text.spookyMove(game.toAct);
}

/**
 * Draws the page. `on.square(n)` is called for a click on square n,
 * `on.action(token)` for a collapse choice's button.
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
  for (const square of game.phase === "collapse" ? game.collapseOptions() : []) {
    const token = `@${square}`;
    const figure = document.createElement("figure");
    const mini = document.createElement("div");
    mini.className = "board small";
    drawBoard(mini, game.apply(token), { label: text.after(token) });
    const choose = document.createElement("button");
    choose.type = "button";
    choose.className = "choose";
    choose.dataset.action = token;
    choose.textContent = text.choose(token);
    choose.disabled = !canAct;
    choose.addEventListener("click", () => on.action(token));
    figure.append(mini, choose);
    boards.append(figure);
  }

  const moves = $("moves");
  moves.replaceChildren();
  let replay = new Game();
  for (const token of game.record.split(" ").filter(Boolean)) {
    const item = document.createElement("li");
    item.textContent = token.startsWith("@")
      ? text.chooseLine(replay.toAct, token)
      : text.moveLine(replay.toAct, replay.moveNumber, token);
    moves.append(item);
    replay = replay.apply(token);
  }
  $("undo").disabled = game.record === "";
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

/** The message under the board. */
export function say(message) {
  $("message").textContent = message;
}
