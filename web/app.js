// The playground: two humans at one screen or one against the computer,
// collapse choices previewed, hints, undo, a link per position, a tour, the
// review of a finished game, the puzzles and a presenter layout for a projector.
// This module wires the parts together and owns every change of state:
// state.js (the state), render.js and board.js (drawing), worker-client.js
// (the engine's slow work, off the page's thread), links.js (the address),
// strings.js (the sentences) and i18n.js (their languages), ensemble.js (the classical ensemble panel),
// review.js (a review drawn), puzzles.js (the puzzle mode, which keeps its own part of the state),
// steps.js (a collapse step by step, which keeps its own part too), offline.js (the service worker:
// offline use and updates). The engine is the qttt package (WebAssembly).
import { Game, QtttError, opponents } from "./qttt/index.js";
import { drawBoard, showEntanglement } from "./board.js";
import { TOUR } from "./tour.js";
import { state, computerActs, humanTurn } from "./state.js";
import { render, renderHints, hintsWanted, say } from "./render.js";
import { startWorker, ask, busy, restartWorker } from "./worker-client.js";
import { linkHash, updateLink, readLink, linkedLanguage, linkedPresent } from "./links.js";
import { text } from "./strings.js";
import { LANGUAGES, language, pickLanguage, setLanguage, translatePage } from "./i18n.js";
import { prepareReview, renderReview } from "./review.js";
import { startPuzzle, puzzleHint, puzzleSolution, renderPuzzle } from "./puzzles.js";
import { showEnsemble } from "./ensemble.js";
import { showCollapse, followGame, redrawCollapse } from "./steps.js";
import { registerOffline } from "./offline.js";

const $ = (id) => document.getElementById(id);
const draw = () =>
  render({ square: onSquare, action: play, steps: (token) => showCollapse(state.game, token, { chosen: false }) });

/** Stops whatever the worker is doing (a long solve). */
function cancelThinking() {
  if (!state.thinking && !busy()) return;
  state.thinking = false;
  restartWorker();
}

function setGame(game) {
  state.game = game;
  state.selected = 0;
  state.generation += 1;
  draw();
  showEnsemble(game);
  followGame(game);
  updateLink($("permalink"));
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
    say(text.error(error), { error: true }); // the engine's reason, such as a move on a classical square
    state.selected = 0;
    draw();
  }
}

function onSquare(square) {
  const game = state.game;
  if (!humanTurn()) return;
  if (game.phase === "collapse") return play(`@${square}`);
  if (game.isLegal(String(square))) return play(String(square)); // the last free square
  if (game.classical(square)) return say(text.classicalSquare(square), { error: true });
  if (state.selected === 0 || state.selected === square) {
    state.selected = state.selected === square ? 0 : square;
    say(state.selected ? text.firstSquareChosen(square) : "");
    return draw();
  }
  play(`${state.selected}${square}`); // the engine reads the squares in either order
}

async function computerMove() {
  if (!computerActs() || state.thinking) return;
  const generation = state.generation;
  state.thinking = true;
  draw();
  try {
    const { token } = await ask({ type: "best", record: state.game.record, kind: state.kind, seed: state.seed });
    state.seed += 1;
    if (generation !== state.generation) return;
    state.thinking = false;
    play(token);
  } catch (error) {
    if (generation === state.generation) {
      state.thinking = false;
      say(text.computerFailed(error.message), { error: true });
      draw();
    }
  }
}

async function showHints() {
  renderHints();
  if (!hintsWanted()) return;
  const generation = state.generation;
  try {
    const { values } = await ask({ type: "hints", record: state.game.record, seed: state.seed });
    if (generation === state.generation) renderHints({ values });
  } catch (error) {
    if (generation === state.generation) renderHints({ error });
  }
}

function undo() {
  cancelThinking();
  let game = state.game.undo();
  if (!game) return say(text.nothingToUndo);
  // Against the computer: back to the human's turn.
  while (state.mode === "computer" && game.toAct === state.side && game.undo()) game = game.undo();
  say("");
  setGame(game);
}

/** The game of the address's hash, its settings shown in the controls. */
function loadLink() {
  const { game, error } = readLink();
  document.querySelector(`input[name="mode"][value="${state.mode}"]`).checked = true;
  $("computer-kind").value = state.kind;
  $("computer-side").value = state.side;
  if (error) say(text.badLink(text.error(error)), { error: true });
  return game;
}

// --- the tour -----------------------------------------------------------------

let tourStep = 0;

function showTour() {
  const step = TOUR[tourStep];
  const game = Game.fromRecord(step.record);
  $("tour-title").textContent = text.tourTitle(tourStep + 1, TOUR.length, step.title());
  drawBoard($("tour-board"), game, { label: text.tourBoard(step.record) });
  $("tour-text").textContent = step.text(game);
  $("tour-back").disabled = tourStep === 0;
  $("tour-next").disabled = tourStep === TOUR.length - 1;
}

// --- the review ---------------------------------------------------------------

let reviewGeneration = 0;

function showReviewStep(step) {
  state.reviewStep = Math.max(0, Math.min(step, state.review?.review.steps.length ?? 0));
  renderReview(showReviewStep);
}

async function openReview() {
  cancelThinking();
  const generation = (reviewGeneration += 1);
  Object.assign(state, { review: null, reviewStep: 0, reviewError: null });
  renderReview(showReviewStep);
  $("review").showModal();
  try {
    const answer = await ask({ type: "review", record: state.game.record });
    if (generation !== reviewGeneration) return;
    state.review = prepareReview(answer);
    showReviewStep(0);
  } catch (error) {
    if (generation !== reviewGeneration) return;
    state.reviewError = error.message;
    renderReview(showReviewStep);
  }
}

// --- the puzzles --------------------------------------------------------------

/** The puzzle of the address (#puzzle=N), or null. */
const linkedPuzzle = () => new URLSearchParams(location.hash.slice(1)).get("puzzle");

/** The open puzzle's own address. */
const puzzleHash = () => `#puzzle=${state.puzzle.puzzle.number}${state.present ? "&present=1" : ""}&lang=${language()}`;

function openPuzzle(number) {
  startPuzzle(number);
  history.replaceState(null, "", puzzleHash());
  if (!$("puzzle").open) $("puzzle").showModal();
}

/** Keyboard play on a board: the arrow keys move between squares. */
function arrowKeys(board) {
  board.addEventListener("keydown", (event) => {
    const square = Number(document.activeElement?.dataset?.square);
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -3, ArrowDown: 3 }[event.key];
    if (!square || !step) return;
    const next = square + step;
    if (next < 1 || next > 9 || (Math.abs(step) === 1 && Math.ceil(next / 3) !== Math.ceil(square / 3))) return;
    event.preventDefault();
    board.querySelector(`[data-square="${next}"]`).focus();
  });
}

// --- the presenter layout -----------------------------------------------------

/** The presenter layout on or off (style.css: body.present), its switch to match. */
function showPresent(on) {
  state.present = on;
  $("present").checked = on;
  document.body.classList.toggle("present", on);
}

/** The layout a link asks for (present=1 or present=0); a link that does not say leaves it. */
function followPresent() {
  const present = linkedPresent();
  if (present !== null) showPresent(present);
}

// --- the language -------------------------------------------------------------

/** The page in `lang`: its fixed text, the rules page's and the lesson's links, and everything drawn. */
async function showLanguage(lang) {
  await setLanguage(lang);
  translatePage();
  $("language").value = lang;
  $("rules-link").href = `rules/${lang}.html`;
  // The lesson in this language on the project's documentation, where the
  // build knows its address (web/build.sh writes it into data-docs).
  const docs = $("lesson-link").dataset.docs;
  $("lesson").hidden = !docs;
  if (docs) $("lesson-link").href = `${docs}${lang === "en" ? "lesson.md" : `lesson.${lang}.md`}`;
  for (const option of $("computer-kind").options) option.textContent = text.opponent(option.value);
}

async function languageChanged() {
  await showLanguage($("language").value);
  say("");
  draw();
  showEnsemble(state.game);
  redrawCollapse();
  updateLink($("permalink"));
  showHints();
  if ($("tour").open) showTour();
  if ($("review").open) renderReview(showReviewStep);
  if ($("puzzle").open) {
    state.puzzle.message = "";
    renderPuzzle();
    history.replaceState(null, "", puzzleHash());
  }
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
// The entanglement lines' switch, remembered in this browser.
const LINES_KEY = "qttt.entanglement";
const storedLines = () => {
  try {
    return localStorage.getItem(LINES_KEY) !== "off";
  } catch {
    return true; // storage refused (a private window's settings): the lines stay on
  }
};
$("entanglement").checked = storedLines();
showEntanglement($("entanglement").checked);
$("entanglement").addEventListener("change", (event) => {
  showEntanglement(event.target.checked);
  try {
    localStorage.setItem(LINES_KEY, event.target.checked ? "on" : "off");
  } catch {
    // not remembered, but switched all the same
  }
  draw();
  redrawCollapse();
});
$("present").addEventListener("change", (event) => {
  showPresent(event.target.checked);
  if ($("puzzle").open) history.replaceState(null, "", puzzleHash());
  else updateLink($("permalink"));
});
$("hints").addEventListener("change", (event) => {
  state.hints = event.target.checked;
  showHints();
});
$("share").addEventListener("click", async () => {
  try {
    await navigator.clipboard.writeText(location.href);
    say(text.linkCopied);
  } catch {
    say(text.copyThisLink(location.href));
  }
});
arrowKeys($("board"));
arrowKeys($("puzzle-board"));
window.addEventListener("hashchange", async () => {
  const lang = pickLanguage(linkedLanguage());
  if (lang !== language()) await showLanguage(lang);
  followPresent();
  if (linkedPuzzle()) return openPuzzle(Number(linkedPuzzle()));
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
$("review-game").addEventListener("click", openReview);
const reviewMoves = {
  "review-first": () => 0,
  "review-previous": () => state.reviewStep - 1,
  "review-next": () => state.reviewStep + 1,
  "review-last": () => Infinity,
};
for (const [id, to] of Object.entries(reviewMoves)) $(id).addEventListener("click", () => showReviewStep(to()));
$("review").addEventListener("keydown", (event) => {
  // The arrow keys, Home and End step through the game.
  const to = { ArrowLeft: "review-previous", ArrowRight: "review-next", Home: "review-first", End: "review-last" }[event.key];
  if (!to || !state.review) return;
  event.preventDefault();
  showReviewStep(reviewMoves[to]());
});
$("review-close").addEventListener("click", () => $("review").close());
$("review").addEventListener("close", () => {
  reviewGeneration += 1; // a review still being worked out is dropped
});
$("puzzles-open").addEventListener("click", () => openPuzzle(0));
$("puzzle-hint").addEventListener("click", puzzleHint);
$("puzzle-solution").addEventListener("click", puzzleSolution);
$("puzzle-restart").addEventListener("click", () => openPuzzle(state.puzzle.puzzle.number));
$("puzzle-previous").addEventListener("click", () => openPuzzle(state.puzzle.puzzle.number - 1));
$("puzzle-next").addEventListener("click", () => openPuzzle(state.puzzle.puzzle.number + 1));
$("puzzle-close").addEventListener("click", () => $("puzzle").close());
// The game's address again, unless the address is no longer the puzzle's: a
// link followed as the dialog closed, which its hashchange will read.
$("puzzle").addEventListener("close", () => {
  if (location.hash === puzzleHash()) updateLink($("permalink"));
});

$("language").addEventListener("change", languageChanged);

$("language").append(...Object.entries(LANGUAGES).map(([lang, name]) => new Option(name, lang)));
$("computer-kind").append(...opponents().map((kind) => new Option(kind, kind)));
await showLanguage(pickLanguage(linkedLanguage()));
startWorker();
followPresent();
const puzzleAsked = linkedPuzzle();
setGame(loadLink());
if (puzzleAsked) openPuzzle(Number(puzzleAsked));
registerOffline($("update"));
document.body.dataset.ready = "";
