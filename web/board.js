// Draws a game the way the Python module draws it (qttt.Game.svg): classical
// marks large with their move number, spooky marks small at the place of
// their move number inside the square (below the square's number, in a band
// of its own), behind them a gentle curve joining the two squares of each
// spooky mark (its entanglement, labelled with the mark, the label clear
// of the grid lines and the squares' numbers; thick on a
// highlight while it belongs to the pending cycle), the squares and the
// newest mark of a pending collapse highlighted, completed lines struck
// through; and a collapse part way through its steps (the core's
// Game.collapseSteps), the step's mark flying from the square it leaves.
// Drawing only: the rules live in the engine.

import { text } from "./strings.js";

const SVG = "http://www.w3.org/2000/svg";

/** Whether boards draw the entanglement curves unless told otherwise (the playground's switch). */
let entanglementShown = true;

/** Sets whether boards draw the entanglement curves by default. */
export function showEntanglement(shown) {
  entanglementShown = shown;
}

/** Whether boards draw the entanglement curves by default. */
export const entanglementDrawn = () => entanglementShown;

/** A square's centre in the board's 300-unit drawing. */
const centre = (s) => [((s - 1) % 3) * 100 + 50, Math.floor((s - 1) / 3) * 100 + 50];

/**
 * Where along its curve a mark's label may go, best first: halfway, then
 * further out toward either end (t of the curve's 0 to 1).
 */
const LABEL_AT = [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8];

/** A square's number tab in its top-left corner: at most this many units each way. */
const NUMBER_TAB = 24;

/**
 * The boxes ([left, top, right, bottom], in the 300-unit drawing) a label
 * had better not cover: each spooky mark where it is written (the slot of
 * its number, 3 by 3 in the square) and each classical mark's square.
 */
function markBoxes(view) {
  const boxes = [];
  const corner = (square) => [((square - 1) % 3) * 100, Math.floor((square - 1) / 3) * 100];
  for (const [mark, squares] of Object.entries(view.spooky)) {
    const n = Number(mark.slice(1)) - 1;
    for (const square of squares) {
      const [x0, y0] = corner(square);
      const [x, y] = [x0 + 8 + (n % 3) * 30, y0 + 18 + Math.floor(n / 3) * 28];
      boxes.push([x, y, x + 22, y + 22]);
    }
  }
  for (const square of Object.keys(view.classical)) {
    const [x0, y0] = corner(Number(square));
    boxes.push([x0 + 10, y0 + 20, x0 + 90, y0 + 90]);
  }
  return boxes;
}

/**
 * How much of a label's box, centred at (x, y), `width` wide and 12 high,
 * lies on what it must not cover, ten times over: a grid line (4 units
 * wide, with a margin), a square's number tab, an earlier label (`taken`)
 * or the outside of the board; and once over on a mark (`marks`).
 */
function clash([x, y], width, taken, marks) {
  const box = [x - width / 2, y - 6, x + width / 2, y + 6];
  const overlap = ([l, t, r, b]) =>
    Math.max(0, Math.min(box[2], r) - Math.max(box[0], l)) * Math.max(0, Math.min(box[3], b) - Math.max(box[1], t));
  let hard = width * 12 - overlap([0, 0, 300, 300]);
  for (let k = 0; k <= 3; k += 1) hard += overlap([100 * k - 2, 0, 100 * k + 2, 300]) + overlap([0, 100 * k - 2, 300, 100 * k + 2]);
  for (let s = 0; s < 9; s += 1) {
    const [x0, y0] = [(s % 3) * 100, Math.floor(s / 3) * 100];
    hard += overlap([x0, y0, x0 + NUMBER_TAB, y0 + NUMBER_TAB]);
  }
  for (const other of taken) hard += overlap(other);
  return 10 * hard + marks.reduce((sum, other) => sum + overlap(other), 0);
}

/**
 * The centre of `mark`'s label on the curve from p0 to p2 bent toward c:
 * the first place of LABEL_AT that covers nothing (clash), else the one
 * that covers least; its box is added to `taken`. As Python's drawing
 * places it (qttt.svg).
 */
function labelPlace(mark, [p0, c, p2], taken, marks) {
  const width = 7 * mark.length + 3; // 11-unit bold letters and digits, with their white outline
  const at = (t) => [0, 1].map((i) => (1 - t) ** 2 * p0[i] + 2 * t * (1 - t) * c[i] + t ** 2 * p2[i]);
  let best = null;
  for (const t of LABEL_AT) {
    const place = at(t);
    const area = clash(place, width, taken, marks);
    if (!best || area < best.area) best = { place, area };
    if (area === 0) break;
  }
  const [x, y] = best.place;
  taken.push([x - width / 2, y - 6, x + width / 2, y + 6]);
  return best.place;
}

/**
 * The curve joining squares `a` and `b` for `mark`, as Python's drawing
 * bends it: each mark by its own amount, odd numbers to one side and even
 * to the other, so that marks in the same two squares, or in squares on
 * one row (1-3 passes the centre of 2), stay apart. Returns the path and
 * its three points (start, control, end).
 */
function curve(mark, a, b) {
  const [[x1, y1], [x2, y2]] = [centre(a), centre(b)];
  const number = Number(mark.slice(1));
  const bend = (number % 2 ? 1 : -1) * (10 + 4 * number);
  const length = Math.hypot(x2 - x1, y2 - y1);
  const cx = (x1 + x2) / 2 - ((y2 - y1) / length) * bend;
  const cy = (y1 + y2) / 2 + ((x2 - x1) / length) * bend;
  const f = (v) => v.toFixed(1);
  return {
    path: `M${f(x1)},${f(y1)} Q${f(cx)},${f(cy)} ${f(x2)},${f(y2)}`,
    points: [
      [x1, y1],
      [cx, cy],
      [x2, y2],
    ],
  };
}

function svgElement(name, attributes) {
  const element = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) element.setAttribute(k, String(v));
  return element;
}

/** The curves of the spooky marks (the cycle's on a highlight), their labels, and a step's arrow. */
function entanglementLayer(view, cycle, arrow) {
  const layer = svgElement("svg", { class: "entanglement", viewBox: "0 0 300 300", "aria-hidden": "true" });
  const labels = [];
  const taken = [];
  const marks = markBoxes(view);
  for (const [mark, [a, b]] of Object.entries(view.spooky)) {
    const { path, points } = curve(mark, a, b);
    const [x, y] = labelPlace(mark, points, taken, marks);
    const inCycle = cycle.has(mark);
    if (inCycle) layer.append(svgElement("path", { class: "glow", d: path }));
    layer.append(svgElement("path", { class: `pair ${mark[0]}${inCycle ? " cycle" : ""}`, d: path, "data-mark": mark }));
    const label = svgElement("text", { class: `label ${mark[0]}`, x: x.toFixed(1), y: (y + 4).toFixed(1) });
    label.textContent = mark;
    labels.push(label);
  }
  if (arrow) {
    const [[x1, y1], [x2, y2]] = [centre(arrow.from), centre(arrow.square)];
    const length = Math.hypot(x2 - x1, y2 - y1);
    const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
    layer.append(
      svgElement("line", {
        class: `arrow ${arrow.mark[0]}`,
        x1: (x1 + ux * 18).toFixed(1),
        y1: (y1 + uy * 18).toFixed(1),
        x2: (x2 - ux * 34).toFixed(1),
        y2: (y2 - uy * 34).toFixed(1),
      }),
    );
  }
  layer.append(...labels);
  return layer;
}

/**
 * The view with the first `shown` of a collapse's `steps` landed: each
 * landed mark classical in its square, no longer spooky.
 */
function viewPartWay(view, steps, shown) {
  const classical = { ...view.classical };
  const spooky = { ...view.spooky };
  for (const step of steps.slice(0, shown)) {
    classical[String(step.square)] = step.mark;
    delete spooky[step.mark];
  }
  return { ...view, classical, spooky, collapse_options: shown ? [] : view.collapse_options };
}

function markHtml(mark, kind) {
  const player = mark[0];
  const number = mark.slice(1);
  const letter = kind === "spooky" ? player.toLowerCase() : player;
  return `<span class="${kind} ${player}" data-mark="${mark}">${letter}<sub>${number}</sub></span>`;
}

/** A sentence for screen readers: what a square holds. */
export function describeSquare(view, square) {
  const classical = view.classical[String(square)];
  if (classical) return text.squareClassical(square, classical);
  const spooky = Object.entries(view.spooky)
    .filter(([, squares]) => squares.includes(square))
    .map(([mark]) => mark);
  return spooky.length ? text.squareSpooky(square, spooky) : text.squareEmpty(square);
}

/**
 * Draws `game` into `container` (emptied first). Options: `interactive`
 * (squares are buttons calling `onSquare(n)`), `selected` (a square chosen
 * as the first half of a spooky move), `differs` (squares to outline: where
 * two collapse previews differ), `label` (the board's accessible name),
 * `entanglement` (whether to draw the curves; by default as
 * `showEntanglement` set), `collapse` (`{ steps, shown, animate }`: the
 * pending collapse of `game` with its first `shown` steps landed, the last
 * of them flying in from the square it left when `animate`).
 */
export function drawBoard(
  container,
  game,
  {
    interactive = false,
    selected = 0,
    differs = new Set(),
    onSquare = null,
    label = text.board,
    entanglement = entanglementShown,
    collapse = null,
  } = {},
) {
  const shown = collapse ? collapse.shown : 0;
  const view = collapse ? viewPartWay(game.viewObject(), collapse.steps, shown) : game.viewObject();
  const options = new Set(view.collapse_options);
  const step = shown ? collapse.steps[shown - 1] : null;
  // While a collapse is pending, the mark that closed the cycle is
  // highlighted, and the marks of the cycle. The online pages draw the
  // server's view, which names neither: there nothing is highlighted.
  const newest = game.collapsingMark && !shown ? game.collapsingMark() : null;
  const cycle = new Set(game.cycle ? game.cycle() : []);
  container.replaceChildren();
  container.setAttribute("aria-label", label);
  container.classList.toggle("with-entanglement", entanglement);
  if (entanglement) container.append(entanglementLayer(view, cycle, step));
  for (let square = 1; square <= 9; square += 1) {
    const cell = document.createElement(interactive ? "button" : "div");
    cell.className = "square";
    cell.dataset.square = String(square);
    if (interactive) cell.type = "button";
    if (options.has(square)) cell.classList.add("option");
    if (square === selected) cell.classList.add("selected");
    if (differs.has(square)) cell.classList.add("differs");
    if (step && step.square === square) cell.classList.add("landed");
    let description = describeSquare(view, square);
    if (options.has(square)) description += text.squareOption(square);
    if (square === selected) description += text.squareSelected;
    cell.setAttribute("aria-label", description);
    const classical = view.classical[String(square)];
    let html = "";
    if (classical && step && step.square === square) {
      // The step's mark flies in from the square it leaves (style.css: "land").
      const [dx, dy] = [((step.from - 1) % 3) - ((square - 1) % 3), Math.floor((step.from - 1) / 3) - Math.floor((square - 1) / 3)];
      html += `<span class="landing${collapse.animate ? " animate" : ""}" style="--dx: ${dx}; --dy: ${dy}">${markHtml(classical, "classical")}</span>`;
    } else if (classical) {
      html += markHtml(classical, "classical");
    } else {
      for (const [mark, squares] of Object.entries(view.spooky)) {
        if (!squares.includes(square)) continue;
        const n = Number(mark.slice(1));
        html += `<span class="slot" style="grid-area: ${Math.floor((n - 1) / 3) + 1} / ${((n - 1) % 3) + 1}"${
          mark === newest ? ' data-newest=""' : ""
        }>${markHtml(mark, "spooky")}</span>`;
      }
    }
    cell.innerHTML = `<span class="number" aria-hidden="true">${square}</span><span class="marks" aria-hidden="true">${html}</span>`;
    if (interactive && onSquare) cell.addEventListener("click", () => onSquare(square));
    container.append(cell);
  }
  const lines = view.outcome ? view.outcome.lines : [];
  if (lines.length) {
    const overlay = document.createElementNS(SVG, "svg");
    overlay.setAttribute("class", "lines");
    overlay.setAttribute("viewBox", "0 0 300 300");
    overlay.setAttribute("aria-hidden", "true");
    for (const line of lines) {
      const [x1, y1] = centre(line.squares[0]);
      const [x2, y2] = centre(line.squares[2]);
      const stroke = document.createElementNS(SVG, "line");
      for (const [k, v] of Object.entries({ x1, y1, x2, y2 })) stroke.setAttribute(k, String(v));
      stroke.setAttribute("class", `win ${line.player}`);
      overlay.append(stroke);
    }
    container.append(overlay);
  }
}
