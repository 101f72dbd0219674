// The collapse step by step: a panel with a board of its own that plays a
// collapse in the engine's order (Game.collapseSteps: the newest mark lands
// in the chosen square, then each mark forced out of a square moves to its
// other square), one step at a time, with previous / play / next buttons,
// the arrow keys, Home and End, and a caption per step that screen readers
// hear. After a collapse choice it plays by itself; during a pending
// collapse each preview can be stepped through before choosing. With
// prefers-reduced-motion nothing flies and nothing plays by itself.
import { drawBoard } from "./board.js";
import { text } from "./strings.js";

const $ = (id) => document.getElementById(id);
const STEP_MS = 1200; // a step's time while playing: the flight (style.css, 0.6 s) and a pause to read
const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

// The collapse shown: `before` (the game with the collapse pending),
// `token` ("@5"), `steps`, `shown` (0 before the first landing, up to
// steps.length), `chosen` (false for a preview), `timer` while playing.
let shown = null;
let followed = null; // the record followGame saw last

/** Shows the collapse `token` of the pending game `before`: the choice made (`chosen`) or a preview. */
export function showCollapse(before, token, { chosen }) {
  stop();
  shown = { before, token, steps: before.collapseSteps(token), shown: 1, chosen, timer: 0 };
  $("steps").hidden = false;
  draw(true);
  // Keyboard users who just chose (the choice's button is gone) or opened a
  // preview continue in the panel; focus elsewhere (the board, while the
  // computer chose) stays where it is.
  const focused = document.activeElement;
  if (!focused || focused === document.body || $("choices").contains(focused)) $("steps-play").focus();
  if (!reducedMotion() && shown.steps.length > 1) play();
}

/** Hides the panel. */
export function hideCollapse() {
  stop();
  shown = null;
  $("steps").hidden = true;
}

/**
 * Keeps the panel in step with the game now shown (called on every change
 * of game): a collapse choice just made is played; a panel that no longer
 * belongs to the game is hidden (a chosen collapse once the game went back
 * before it, a preview once its position is left). The same game again
 * (the settings changed) changes nothing, so a closed panel stays closed.
 */
export function followGame(game) {
  if (game.record === followed) return;
  followed = game.record;
  const last = game.record.split(" ").at(-1);
  if (last.startsWith("@")) return showCollapse(game.undo(), last, { chosen: true });
  if (!shown) return;
  const after = `${shown.before.record} ${shown.token}`.trim();
  const belongs = shown.chosen ? game.record.startsWith(`${after} `) : game.record === shown.before.record;
  if (!belongs) hideCollapse();
}

/** Draws the panel again (after the entanglement switch changed). */
export function redrawCollapse() {
  if (shown) draw(false);
}

function draw(animate) {
  const { before, token, steps, chosen } = shown;
  const count = steps.length;
  const mark = before.collapsingMark();
  const square = Number(token.slice(1));
  $("steps-title").textContent = chosen ? text.stepsTitle(mark, square) : text.stepsPreviewTitle(mark, square);
  drawBoard($("steps-board"), before, {
    collapse: { steps, shown: shown.shown, animate: animate && !reducedMotion() },
    label: text.stepsBoard(shown.shown, count),
  });
  $("steps-caption").textContent = caption(shown.shown);
  controls();
}

/** The buttons for the step shown, and Play or Pause. */
function controls() {
  const count = shown.steps.length;
  const focused = document.activeElement;
  $("steps-previous").disabled = shown.shown === 0;
  $("steps-next").disabled = shown.shown === count;
  // A button disabled under the keyboard's focus would drop it: Play takes it.
  if (focused?.disabled && $("steps").contains(focused)) $("steps-play").focus();
  $("steps-play").textContent = shown.timer ? text.stepsPause : text.stepsPlay;
  $("steps-play").setAttribute("aria-pressed", String(Boolean(shown.timer)));
}

/** The caption of step `k` (0: before the first landing). */
function caption(k) {
  const { before, steps } = shown;
  const count = steps.length;
  if (k === 0) return text.stepsStart(count, before.cycle(), steps[0].mark, steps[0].square);
  const step = steps[k - 1];
  const words = step.forcedBy
    ? text.stepForced(k, count, step.mark, step.from, step.forcedBy, step.square)
    : text.stepFirst(k, count, step.mark, step.square);
  return k === count ? words + text.stepsDone : words;
}

/** Shows step `k` (clamped); `animate` flies its mark in. */
function go(k, animate = true) {
  if (!shown) return;
  shown.shown = Math.max(0, Math.min(k, shown.steps.length));
  draw(animate);
}

function stop() {
  if (shown?.timer) clearInterval(shown.timer);
  if (shown) shown.timer = 0;
}

function play() {
  if (shown.shown === shown.steps.length) go(0, false); // from the start again
  shown.timer = setInterval(() => {
    go(shown.shown + 1);
    if (shown.shown === shown.steps.length) {
      stop();
      controls();
    }
  }, STEP_MS);
  controls();
}

$("steps-previous").addEventListener("click", () => {
  stop();
  go(shown.shown - 1, false);
});
$("steps-next").addEventListener("click", () => {
  stop();
  go(shown.shown + 1);
});
$("steps-play").addEventListener("click", () => {
  if (shown.timer) {
    stop();
    controls();
  } else play();
});
$("steps-close").addEventListener("click", hideCollapse);
$("steps").addEventListener("keydown", (event) => {
  const to = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity }[event.key];
  if (!to || !shown) return;
  event.preventDefault();
  stop();
  go(Number.isFinite(to) ? shown.shown + to : to, to === 1);
});
