// The puzzle mode: the shipped set (qttt's `readPuzzles()`, the engine's
// reading of its puzzle file: each a position and its solution), one at a
// time on a board of its own. The person plays the solver's side; the
// other side's replies come from the solution. A first action other than
// the solution's does not win (the set is proven: exactly one winning
// action). Later, an action off the solution's line is judged by the
// solver in the worker: one that wins as soon as the solution does is right
// too, and from there the replies and the hints are the solver's (the
// loser holding out longest). Progress (the puzzles solved) is kept in localStorage. This module owns
// the puzzle's part of the state (state.puzzle); app.js opens it.
import { Game, QtttError, readPuzzles } from "./qttt/index.js";
import { drawBoard } from "./board.js";
import { state } from "./state.js";
import { text } from "./strings.js";
import { actionWords } from "./review.js";
import { ask } from "./worker-client.js";
import { language } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const STORAGE = "qttt-puzzles-solved";

let set = null;

/**
 * The shipped puzzles, read once by the engine (`readPuzzles`, the core's
 * `Puzzle`, as Python's qttt.puzzles reads them): number (from 1, the
 * Round tag), position, solution, depth, themes.
 */
export function puzzleSet() {
  set ??= readPuzzles().map((puzzle) => ({
    number: puzzle.number,
    start: puzzle.start,
    marks: Game.fromRecord(puzzle.end).moveNumber - 1, // the marks on the board when the solution wins
    solution: puzzle.solution,
    depth: puzzle.depth,
    themes: puzzle.themes,
  }));
  return set;
}

/** The numbers of the puzzles solved in this browser. */
export function solvedPuzzles() {
  try {
    const numbers = JSON.parse(localStorage.getItem(STORAGE) ?? "[]");
    return new Set(Array.isArray(numbers) ? numbers.filter(Number.isInteger) : []);
  } catch {
    return new Set(); // storage refused or spoiled: no progress
  }
}

function markSolved(number) {
  const solved = solvedPuzzles();
  solved.add(number);
  try {
    localStorage.setItem(STORAGE, JSON.stringify([...solved].sort((a, b) => a - b)));
  } catch {
    // storage refused (a private window): the progress lasts the page
  }
}

/** Opens puzzle `number` (a puzzle's number; another, the first unsolved). */
export function startPuzzle(number) {
  const all = puzzleSet();
  let puzzle = all.find((p) => p.number === number);
  if (!puzzle) {
    const solved = solvedPuzzles();
    puzzle = all.find((p) => !solved.has(p.number)) ?? all[0];
  }
  const game = Game.fromRecord(puzzle.start);
  state.puzzle = {
    puzzle,
    game,
    side: game.toAct,
    ply: 0, // the solution's actions played
    offLine: false, // an action off the solution's line was played (and wins as soon)
    busy: false, // waiting for the worker
    selected: 0,
    hint: 0,
    hintSquare: 0,
    done: false,
    message: "",
  };
  renderPuzzle();
}

/** The solver's values of every legal action of `game` (the worker's hints: best first for who acts). */
async function values(game) {
  return (await ask({ type: "hints", record: game.record, seed: 1 })).values;
}

/** The other side's replies (the solution's, or off it the solver's), up to the person's next turn. */
async function reply(p) {
  const answers = [];
  while (!p.game.isOver && p.game.toAct !== p.side) {
    const token = p.offLine ? (await values(p.game))[0].action : p.puzzle.solution[p.ply];
    answers.push(actionWords(p.game, token));
    p.game = p.game.apply(token);
    p.ply += 1;
  }
  return answers;
}

/** The solution in words: "17 (X7 in 1 and 7)", "@1 (O lets X7 land in 1)". */
function solutionWords(puzzle) {
  let game = Game.fromRecord(puzzle.start);
  return puzzle.solution.map((token) => {
    const words = text.tokenWords(token, actionWords(game, token));
    game = game.apply(token);
    return words;
  });
}

/** Whether playing `after` from `p.game` still wins, and as soon as the solution. */
async function winsInTime(p, after) {
  const value = (await values(p.game)).find((v) => p.game.apply(v.action).record === after.record);
  return value.forPlayer > 0 && value.endMove <= p.puzzle.marks;
}

async function attempt(token) {
  const p = state.puzzle;
  let after;
  try {
    after = p.game.apply(token);
  } catch (error) {
    if (!(error instanceof QtttError)) throw error;
    p.selected = 0;
    p.message = text.error(error);
    return;
  }
  p.selected = 0;
  // Spooky squares in either order: compare the canonical records.
  const onLine = !p.offLine && after.record === p.game.apply(p.puzzle.solution[p.ply]).record;
  if (!onLine && p.ply === 0) return Object.assign(p, { message: text.puzzleWrong(token), error: true });
  const words = actionWords(p.game, after.record.split(" ").pop()); // the token as the engine writes it
  let answers;
  try {
    Object.assign(p, { busy: true, message: onLine ? "" : text.puzzleChecking, error: false });
    renderPuzzle();
    if (!onLine && !(await winsInTime(p, after))) return Object.assign(p, { message: text.puzzleSlower(token), error: true });
    p.offLine ||= !onLine;
    p.game = after;
    p.ply += 1;
    answers = await reply(p);
  } catch (error) {
    return Object.assign(p, { message: text.puzzleFailed(error.message), error: true });
  } finally {
    p.busy = false;
  }
  Object.assign(p, { error: false, hint: 0, hintSquare: 0 });
  if (p.game.isOver) {
    p.done = true;
    markSolved(p.puzzle.number);
    p.message = p.offLine ? text.puzzleSolvedOther : text.puzzleSolved(solutionWords(p.puzzle));
  } else p.message = answers.length ? text.puzzleAnswered(words, answers) : text.puzzleRight(words);
}

/** A click on the puzzle's square `square`. */
export async function puzzleSquare(square) {
  const p = state.puzzle;
  if (!p || p.done || p.busy) return;
  const game = p.game;
  if (game.phase === "collapse") await attempt(`@${square}`);
  else if (game.isLegal(String(square))) await attempt(String(square));
  else if (game.classical(square)) Object.assign(p, { message: text.classicalSquare(square), error: true });
  else if (p.selected === 0 || p.selected === square) {
    p.selected = p.selected === square ? 0 : square;
    Object.assign(p, { message: p.selected ? text.firstSquareChosen(square) : "", error: false });
  } else await attempt(`${p.selected}${square}`);
  if (state.puzzle === p) renderPuzzle(); // unless another puzzle was opened meanwhile
}

/** The hint: first the themes, then a square of the next winning action. */
export async function puzzleHint() {
  const p = state.puzzle;
  if (!p || p.done || p.busy) return;
  p.hint = p.hint === 0 && p.puzzle.themes.length ? 1 : 2;
  p.error = false;
  if (p.hint === 1) p.message = text.hintTheme(p.puzzle.themes.map(text.theme));
  else {
    let token = p.puzzle.solution[p.ply];
    if (p.offLine) {
      p.busy = true;
      try {
        token = (await values(p.game))[0].action;
      } catch (error) {
        token = null;
        p.message = text.puzzleFailed(error.message);
      } finally {
        p.busy = false;
      }
    }
    if (state.puzzle !== p) return;
    if (token) {
      p.hintSquare = Number(token.replace("@", "")[0]);
      p.message = text.hintSquare(p.hintSquare);
    }
  }
  renderPuzzle();
}

/** Shows the whole solution (the puzzle is not counted as solved). */
export function puzzleSolution() {
  const p = state.puzzle;
  if (!p) return;
  Object.assign(p, { message: text.solution(solutionWords(p.puzzle)), error: false });
  renderPuzzle();
}

/** Draws the puzzle dialog from state.puzzle. */
export function renderPuzzle() {
  const p = state.puzzle;
  const all = puzzleSet();
  const solved = solvedPuzzles();
  const differs = p.hintSquare && !p.done ? new Set([p.hintSquare]) : new Set();
  $("puzzle-title").textContent = text.puzzleTitle(p.puzzle.number, all.length);
  $("puzzle-grade").textContent = `${text.puzzleGrade(p.puzzle.depth)}. ${text.puzzleThemes(p.puzzle.themes.map(text.theme))}.`;
  $("puzzle-task").textContent = text.puzzleTask(p.side, p.puzzle.depth);
  const focused = $("puzzle-board").contains(document.activeElement) ? document.activeElement.dataset.square : null;
  drawBoard($("puzzle-board"), p.game, {
    interactive: true,
    selected: p.selected,
    differs,
    onSquare: puzzleSquare,
    label: text.puzzleBoard(p.done ? null : p.game.toAct),
  });
  if (focused) $("puzzle-board").querySelector(`[data-square="${focused}"]`)?.focus();
  $("puzzle-message").textContent = p.message;
  $("puzzle-message").classList.toggle("error", Boolean(p.error));
  $("puzzle-progress").textContent =
    `${text.progress(solved.size, all.length)}${solved.has(p.puzzle.number) && !p.done ? ` ${text.solvedBefore}` : ""}`;
  $("puzzle-hint").disabled = p.done;
  $("puzzle-board").classList.toggle("waiting", p.busy);
  $("puzzle-previous").disabled = p.puzzle.number === 1;
  $("puzzle-next").disabled = p.puzzle.number === all.length;
  const link = $("puzzle-link");
  link.href = `#puzzle=${p.puzzle.number}&lang=${language()}`;
  link.textContent = new URL(link.href, location.href).href;
}
