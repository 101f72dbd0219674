// Draws a game the way the Python module draws it (qttt.Game.svg): classical
// marks large with their move number, spooky marks small at the place of
// their move number inside the square (below the square's number, in a band
// of its own), the squares and the newest mark of a pending collapse
// highlighted, completed lines struck through. Drawing only: the rules live
// in the engine.

import { text } from "./strings.js";

const SVG = "http://www.w3.org/2000/svg";

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
 * two collapse previews differ), `label` (the board's accessible name).
 */
export function drawBoard(
  container,
  game,
  { interactive = false, selected = 0, differs = new Set(), onSquare = null, label = text.board } = {},
) {
  const view = game.viewObject();
  const options = new Set(view.collapse_options);
  // While a collapse is pending, the mark that closed the cycle is
  // highlighted. The online pages draw the server's view, which does not
  // name it: there nothing is highlighted.
  const newest = game.collapsingMark ? game.collapsingMark() : null;
  container.replaceChildren();
  container.setAttribute("aria-label", label);
  for (let square = 1; square <= 9; square += 1) {
    const cell = document.createElement(interactive ? "button" : "div");
    cell.className = "square";
    cell.dataset.square = String(square);
    if (interactive) cell.type = "button";
    if (options.has(square)) cell.classList.add("option");
    if (square === selected) cell.classList.add("selected");
    if (differs.has(square)) cell.classList.add("differs");
    let description = describeSquare(view, square);
    if (options.has(square)) description += text.squareOption(square);
    if (square === selected) description += text.squareSelected;
    cell.setAttribute("aria-label", description);
    const classical = view.classical[String(square)];
    let html = "";
    if (classical) {
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
    const centre = (s) => [((s - 1) % 3) * 100 + 50, Math.floor((s - 1) / 3) * 100 + 50];
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
