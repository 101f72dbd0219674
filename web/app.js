// The playground: two humans at one screen or one against the computer,
// collapse choices previewed, hints, undo, a link per position, a tour.
// The engine is the qttt package (WebAssembly); slow work runs in a Web
// Worker so the page never freezes.
import { Game, QtttError } from "./qttt/index.js";
import { drawBoard } from "./board.js";
import { TOUR } from "./tour.js";

const $ = (id) => document.getElementById(id);

const state = {
  game: new Game(),
  selected: 0, // the first square of a spooky move being made
  mode: "humans",
  kind: "mcts",
  side: "O", // the computer's side
  hints: false,
  thinking: false,
  generation: 0, // bumped by every change of game; stale answers are dropped
  seed: 1,
};

// --- the worker -------------------------------------------------------------

let worker;
let nextId = 0;
const pending = new Map();

function startWorker() {
  worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  worker.onmessage = ({ data }) => {
    if (data.ready) return;
    const request = pending.get(data.id);
    pending.delete(data.id);
    if (data.error) request.reject(new Error(data.error));
    else request.resolve(data);
  };
}

function ask(message) {
  const id = (nextId += 1);
  worker.postMessage({ ...message, id });
  return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
}

/** Stops whatever the worker is doing (a long solve): a fresh worker. */
function cancelThinking() {
  if (!state.thinking && pending.size === 0) return;
  worker.terminate();
  pending.clear();
  state.thinking = false;
  startWorker();
}

// --- the game -----------------------------------------------------------------

const computerActs = () => state.mode === "computer" && !state.game.isOver && state.game.toAct === state.side;

function setGame(game) {
  state.game = game;
  state.selected = 0;
  state.generation += 1;
  render();
  updateLink();
  computerMove();
  showHints();
}

function play(token) {
  try {
    const next = state.game.apply(token);
    say("");
    setGame(next);
  } catch (error) {
    if (!(error instanceof QtttError)) throw error;
    say(error.message); // the engine's reason, such as a move on a classical square
    state.selected = 0;
    render();
  }
}

function onSquare(square) {
  const game = state.game;
  if (game.isOver || state.thinking || computerActs()) return;
  if (game.phase === "collapse") return play(`@${square}`);
  if (game.isLegal(String(square))) return play(String(square)); // the last free square
  if (game.classical(square)) {
    say(`Square ${square} holds a classical mark: choose another.`);
    return;
  }
  if (state.selected === 0 || state.selected === square) {
    state.selected = state.selected === square ? 0 : square;
    say(state.selected ? `Square ${square} chosen: now the second square of the spooky move.` : "");
    render();
    return;
  }
  const [a, b] = [state.selected, square].sort();
  play(`${a}${b}`);
}

async function computerMove() {
  if (!computerActs() || state.thinking) return;
  const generation = state.generation;
  state.thinking = true;
  render();
  try {
    const { token } = await ask({ type: "best", record: state.game.record, kind: state.kind, seed: state.seed });
    state.seed += 1;
    if (generation !== state.generation) return;
    state.thinking = false;
    play(token);
  } catch (error) {
    if (generation === state.generation) {
      state.thinking = false;
      say(`The computer could not move: ${error.message}`);
      render();
    }
  }
}

function undo() {
  cancelThinking();
  let game = state.game.undo();
  if (!game) return say("Nothing to undo.");
  // Against the computer: back to the human's turn.
  while (state.mode === "computer" && game.toAct === state.side && game.undo()) game = game.undo();
  say("");
  setGame(game);
}

// --- hints --------------------------------------------------------------------

function outcomeFor(valueHalfPoints, endMove, player) {
  const mine = player === "X" ? valueHalfPoints : -valueHalfPoints;
  if (mine > 0) return { rank: 100 - endMove, text: `${player} wins (${endMove} marks)` };
  if (mine < 0) return { rank: -100 + endMove, text: `${player} loses (${endMove} marks)` };
  return { rank: 0, text: "draw" };
}

async function showHints() {
  const list = $("hint-list");
  list.replaceChildren();
  list.hidden = !state.hints || state.game.isOver;
  if (list.hidden || computerActs()) return;
  const generation = state.generation;
  const player = state.game.toAct;
  list.innerHTML = '<li class="working">Solving…</li>';
  try {
    const { values } = await ask({ type: "hints", record: state.game.record, seed: state.seed });
    if (generation !== state.generation) return;
    const ranked = values
      .map((v) => ({ ...v, ...outcomeFor(v.valueHalfPoints, v.endMove, player) }))
      .sort((a, b) => b.rank - a.rank);
    list.replaceChildren(
      ...ranked.map((v) => {
        const item = document.createElement("li");
        item.dataset.action = v.action;
        item.className = v.rank > 0 ? "good" : v.rank < 0 ? "bad" : "even";
        item.innerHTML = `<code>${v.action}</code> ${v.text}`;
        return item;
      }),
    );
  } catch (error) {
    if (generation === state.generation) list.innerHTML = `<li>${error.message}</li>`;
  }
}

// --- drawing ------------------------------------------------------------------

function statusText() {
  const game = state.game;
  const outcome = game.outcome();
  if (outcome) {
    if (!outcome.winner) return "Draw: nobody has a line.";
    const both = new Set(outcome.lines.map((l) => l.player)).size === 2;
    return both
      ? `${outcome.winner} wins: both have lines, and ${outcome.winner}'s was finished first.`
      : `${outcome.winner} wins.`;
  }
  if (state.thinking) return `${game.toAct} (computer, ${state.kind}) is thinking…`;
  if (game.phase === "collapse") {
    const last = game.moveNumber - 1;
    return `A cycle! ${game.toAct} chooses where ${last % 2 ? "X" : "O"}${last} lands: square ${game
      .collapseOptions()
      .join(" or ")}.`;
  }
  if (state.selected) return `${game.toAct} to move: choose the second square.`;
  const free = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((s) => !game.classical(s)).length;
  return free === 1
    ? `${game.toAct} to move: the last free square takes a classical mark.`
    : `${game.toAct} to move: click two squares for a spooky move.`;
}

function render() {
  const game = state.game;
  const focused = document.activeElement?.dataset?.square;
  const humanTurn = !computerActs() && !state.thinking && !game.isOver;
  drawBoard($("board"), game, {
    interactive: true,
    selected: state.selected,
    onSquare,
    label: `Board. ${game.isOver ? "The game is over." : `${game.toAct} to act.`}`,
  });
  $("board").classList.toggle("waiting", !humanTurn);
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
    drawBoard(mini, game.apply(token), { label: `After ${token}` });
    const choose = document.createElement("button");
    choose.type = "button";
    choose.className = "choose";
    choose.dataset.action = token;
    choose.textContent = `Choose ${token}`;
    choose.disabled = !humanTurn;
    choose.addEventListener("click", () => play(token));
    figure.append(mini, choose);
    boards.append(figure);
  }

  const moves = $("moves");
  moves.replaceChildren();
  let replay = new Game();
  for (const token of game.record.split(" ").filter(Boolean)) {
    const item = document.createElement("li");
    item.textContent = token.startsWith("@")
      ? `${replay.toAct} chooses ${token}`
      : `${replay.toAct}${replay.moveNumber} ${token}`;
    moves.append(item);
    replay = replay.apply(token);
  }
  $("undo").disabled = game.record === "";
}

function say(text) {
  $("message").textContent = text;
}

// --- links --------------------------------------------------------------------

function linkHash() {
  const params = new URLSearchParams();
  params.set("record", state.game.record);
  if (state.mode === "computer") params.set("computer", `${state.kind}-${state.side}`);
  return `#${params.toString()}`;
}

function updateLink() {
  const hash = linkHash();
  if (location.hash !== hash) history.replaceState(null, "", hash);
  $("permalink").href = hash;
  $("permalink").textContent = location.href;
}

function loadLink() {
  const params = new URLSearchParams(location.hash.slice(1));
  const computer = params.get("computer");
  if (computer) {
    const [kind, side] = computer.split("-");
    if (["random", "mcts", "perfect"].includes(kind) && ["X", "O"].includes(side)) {
      Object.assign(state, { mode: "computer", kind, side });
    }
  }
  document.querySelector(`input[name="mode"][value="${state.mode}"]`).checked = true;
  $("computer-kind").value = state.kind;
  $("computer-side").value = state.side;
  try {
    return Game.fromRecord(params.get("record") ?? "");
  } catch (error) {
    if (!(error instanceof QtttError)) throw error;
    say(`The link's record does not play (${error.message}); a new game instead.`);
    return new Game();
  }
}

// --- the tour -----------------------------------------------------------------

let tourStep = 0;

function showTour() {
  const step = TOUR[tourStep];
  const game = Game.fromRecord(step.record);
  $("tour-title").textContent = `${tourStep + 1}/${TOUR.length}: ${step.title}`;
  drawBoard($("tour-board"), game, { label: `The position ${step.record}` });
  $("tour-text").textContent = step.text(game);
  $("tour-back").disabled = tourStep === 0;
  $("tour-next").disabled = tourStep === TOUR.length - 1;
}

// --- wiring -------------------------------------------------------------------

function settingsChanged() {
  cancelThinking();
  state.mode = document.querySelector('input[name="mode"]:checked').value;
  state.kind = $("computer-kind").value;
  state.side = $("computer-side").value;
  setGame(state.game);
}

for (const input of document.querySelectorAll('input[name="mode"]')) input.addEventListener("change", settingsChanged);
$("computer-kind").addEventListener("change", settingsChanged);
$("computer-side").addEventListener("change", settingsChanged);
$("new-game").addEventListener("click", () => {
  cancelThinking();
  say("");
  setGame(new Game());
});
$("undo").addEventListener("click", undo);
$("hints").addEventListener("change", (event) => {
  state.hints = event.target.checked;
  showHints();
});
$("share").addEventListener("click", async () => {
  try {
    await navigator.clipboard.writeText(location.href);
    say("Link copied.");
  } catch {
    say(`Copy this link: ${location.href}`);
  }
});
$("board").addEventListener("keydown", (event) => {
  // Arrow keys move between squares.
  const square = Number(document.activeElement?.dataset?.square);
  const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -3, ArrowDown: 3 }[event.key];
  if (!square || !step) return;
  const next = square + step;
  if (next < 1 || next > 9 || (Math.abs(step) === 1 && Math.ceil(next / 3) !== Math.ceil(square / 3))) return;
  event.preventDefault();
  $("board").querySelector(`[data-square="${next}"]`).focus();
});
window.addEventListener("hashchange", () => {
  if (location.hash === linkHash()) return;
  cancelThinking();
  setGame(loadLink());
});
$("tour-start").addEventListener("click", () => {
  tourStep = 0;
  showTour();
  $("tour").showModal();
});
$("tour-back").addEventListener("click", () => {
  tourStep -= 1;
  showTour();
});
$("tour-next").addEventListener("click", () => {
  tourStep += 1;
  showTour();
});
$("tour-close").addEventListener("click", () => $("tour").close());

startWorker();
setGame(loadLink());
document.body.dataset.ready = "";
