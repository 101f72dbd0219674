// The classical ensemble panel (docs/ensemble.md): how many classical
// boards the position's marks can still become, and those boards as small
// boards when there are at most DRAWN_AT_MOST of them. When an action rules
// boards out (a collapse, or a move closing a cycle), the boards of the
// position before are shown for a moment with the ruled-out ones struck,
// then the panel shrinks to what is left. Drawing only: app.js calls
// showEnsemble with every new game.
import { text } from "./strings.js";

/** The most boards drawn; above it only the number is shown. Twelve fit two rows. */
export const DRAWN_AT_MOST = 12;

/** How long the ruled-out boards stay on the page, struck, before they go. */
const STRUCK_FOR_MS = 1600;

const $ = (id) => document.getElementById(id);

/** The game shown last, to tell which of its boards an action ruled out. */
let shown = null;
let pending = 0;

/** A board as text, for comparing boards: its nine marks (or "."). */
const key = (board) => board.map((mark) => mark ?? ".").join(" ");

/** A board without the marks numbered `from` and above (the marks played since). */
const before = (board, from) => board.map((mark) => (mark && Number(mark.slice(1)) >= from ? null : mark));

/** One small board: nine cells, the marks already classical in `game` faded. */
function smallBoard(game, board, index) {
  const grid = document.createElement("div");
  grid.className = "ensemble-board";
  grid.setAttribute("role", "img");
  const marks = board.flatMap((mark, i) => (mark ? [text.ensembleMark(mark, i + 1)] : []));
  grid.setAttribute("aria-label", text.ensembleBoard(index + 1, marks));
  board.forEach((mark, i) => {
    const cell = document.createElement("span");
    if (mark) {
      cell.className = `${mark[0]}${game.classical(i + 1) === mark ? " settled" : ""}`;
      cell.textContent = mark[0];
      const number = document.createElement("sub");
      number.textContent = mark.slice(1);
      cell.append(number);
    }
    grid.append(cell);
  });
  return grid;
}

function draw(game, boards, struck = new Set()) {
  const list = $("ensemble-boards");
  // The rows the boards take two, three or four to a row: the presenter
  // layout (style.css) sizes them to fit its panel.
  for (const columns of [2, 3, 4]) list.style.setProperty(`--rows-${columns}`, String(Math.max(1, Math.ceil(boards.length / columns))));
  list.replaceChildren(
    ...(boards.length <= DRAWN_AT_MOST
      ? boards.map((board, i) => {
          const small = smallBoard(game, board, i);
          if (struck.has(i)) small.classList.add("struck");
          return small;
        })
      : []),
  );
  list.hidden = boards.length > DRAWN_AT_MOST;
}

/** Shows the ensemble of `game`; if the game before it was shown, strikes what it ruled out first. */
export function showEnsemble(game) {
  clearTimeout(pending);
  const panel = $("ensemble");
  const boards = game.ensemble();
  const count = game.ensembleCount();
  const previous = shown;
  shown = game;
  $("ensemble-count").textContent = text.ensembleCount(count);
  $("ensemble-note").textContent = count > DRAWN_AT_MOST ? text.ensembleNotDrawn(DRAWN_AT_MOST) : "";
  $("ensemble-change").textContent = "";
  panel.classList.remove("shrunk");
  const earlier = previous && game.undo()?.equals(previous) ? previous.ensemble() : null;
  if (!earlier) return draw(game, boards);
  // The earlier position's boards that no board of this one extends.
  const kept = new Set(boards.map((board) => key(before(board, previous.moveNumber))));
  const gone = new Set(earlier.flatMap((board, i) => (kept.has(key(board)) ? [] : [i])));
  if (!gone.size) return draw(game, boards);
  const collapse = previous.phase === "collapse";
  $("ensemble-change").textContent = collapse
    ? text.ensembleCollapsed(earlier.length, earlier.length - gone.size)
    : text.ensembleRuledOut(earlier.length, gone.size);
  void panel.offsetWidth; // restart the highlight's animation
  panel.classList.add("shrunk");
  draw(previous, earlier, gone);
  pending = setTimeout(() => draw(game, boards), STRUCK_FOR_MS);
}
