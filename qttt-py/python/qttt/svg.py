"""Draws a game as SVG, the way it is drawn on paper.

Classical marks are large; spooky marks are small, each at the place of its
move number in a 3x3 grid inside its square, with the number as a
subscript; behind them a gentle curve joins the two squares of each spooky
mark (its entanglement), coloured by its player and labelled with the mark
(the label placed along its curve clear of the grid lines, the squares'
numbers and other labels, and of the marks where it can);
while a collapse is pending the cycle's curves are drawn thick on a
highlight, its newest mark is ringed and its two squares are highlighted;
completed lines are struck through. ``collapse_steps`` draws a collapse one
step at a time, in the core's order (``Game.collapse_steps``). The captions
say who acts or how the game ended, or what a step of a collapse does, in any
of ``qttt.LANGUAGES``: their words are the playground's, from the same locale
files (``qttt-locales``). Imported lazily by ``Game.svg()``,
``Game._repr_svg_()`` and ``Game.collapse_svg()``. ``ensemble(game)`` draws
the classical ensemble, every classical board the marks can still become.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Union
from xml.sax.saxutils import escape

from ._qttt import LANGUAGES, Phase, QtttError, _message

if TYPE_CHECKING:
    from ._qttt import Action, CollapseChoice, Game

X_COLOUR = "#c0392b"
O_COLOUR = "#1f5fa8"
HIGHLIGHT = "#ffe9a8"
CYCLE_GLOW = "#ffd54a"


def _colour(player: str) -> str:
    return X_COLOUR if player == "X" else O_COLOUR


def board(game: Game, size: int = 360, lines: bool = True, lang: str = "en") -> str:
    """The SVG document of ``game``'s board, ``size`` pixels wide; with
    ``lines`` (the default) a curve joins the two squares of each spooky mark.
    The caption is in ``lang``."""
    _check(size, lines, lang)
    view = game.view_dict()
    cycle = {str(mark) for mark in game.cycle or []}
    newest = str(game.collapsing_mark) if game.collapsing_mark is not None else None
    return _draw(
        view["classical"],
        view["spooky"],
        size,
        lines=lines,
        options=set(view["collapse_options"]),
        newest=newest,
        cycle=cycle,
        outcome=view["outcome"],
        caption=caption(game, lang),
    )


class Pictures(list[str]):
    """A list of SVG documents (str) that a notebook shows side by side."""

    def _repr_html_(self) -> str:
        return "".join(f'<div style="display:inline-block;margin:4px">{svg}</div>' for svg in self)


def collapse_steps(
    game: Game, choice: CollapseChoice | Action | str, size: int = 360, lines: bool = True, lang: str = "en"
) -> Pictures:
    """The collapse ``choice`` (``"@5"``, a ``CollapseChoice``) would make,
    drawn one SVG per step (``Game.collapse_steps``): in each, the marks of
    the steps so far are classical, an arrow shows the step's mark moving
    from the square it leaves to the square it lands in, and the caption
    says what forced it, in ``lang``. Raises what ``Game.collapse`` would raise."""
    _check(size, lines, lang)
    steps = game.collapse_steps(choice)
    view = game.view_dict()
    classical = dict(view["classical"])
    spooky = dict(view["spooky"])
    cycle = {str(mark) for mark in game.cycle or []}
    outcome = game.collapse(choice).view_dict()["outcome"]  # the last step's lines
    pictures = Pictures()
    for index, step in enumerate(steps):
        mark = str(step.mark)
        classical[str(step.square)] = mark
        spooky.pop(mark, None)
        # The playground's words (web/strings.js: stepFirst, stepForced, stepsDone).
        shown, count = index + 1, len(steps)
        if step.forced_by is None:
            what = message(lang, "step-first", shown=shown, count=count, mark=mark, square=step.square)
        else:
            what = message(
                lang,
                "step-forced",
                shown=shown,
                count=count,
                mark=mark,
                by=str(step.forced_by),
                square=step.square,
                **{"from": step.from_square},
            )
        if index + 1 == len(steps):
            what += " " + message(lang, "steps-done")
        pictures.append(
            _draw(
                classical,
                spooky,
                size,
                lines=lines,
                options=set(),
                newest=None,
                cycle=cycle,
                outcome=outcome if index + 1 == len(steps) else None,
                caption=what,
                arrow=(step.from_square, step.square, str(step.mark)[0]),
                landed=step.square,
            )
        )
    return pictures


def _check(size: object, lines: object, lang: object) -> None:
    if isinstance(size, bool) or not isinstance(size, int) or size < 60:
        raise QtttError(f"size must be an int of at least 60 pixels, not {size!r}")
    if lang not in LANGUAGES:
        raise QtttError(f"lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    if not isinstance(lines, bool):
        raise TypeError(f"lines must be True or False, not {lines!r}")


def _draw(
    classical: dict[str, str],
    spooky: dict[str, list[int]],
    size: int,
    *,
    lines: bool,
    options: set[int],
    newest: str | None,
    cycle: set[str],
    outcome: dict | None,  # type: ignore[type-arg]
    caption: str,
    arrow: tuple[int, int, str] | None = None,
    landed: int | None = None,
) -> str:
    cell = 100
    margin = 6
    total = 3 * cell + 2 * margin
    caption_lines = _caption_lines(caption)
    height = 6 + CAPTION_LINE * len(caption_lines)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size * (total + height) // total}" '
        f'viewBox="0 0 {total} {total + height}" font-family="Helvetica, Arial, sans-serif">',
        f'<rect x="0" y="0" width="{total}" height="{total + height}" fill="white"/>',
    ]
    for square in range(1, 10):
        x = margin + (square - 1) % 3 * cell
        y = margin + (square - 1) // 3 * cell
        fill = HIGHLIGHT if square in options or square == landed else "white"
        parts.append(
            f'<rect class="square" data-square="{square}" x="{x}" y="{y}" width="{cell}" height="{cell}" '
            f'fill="{fill}" stroke="#333" stroke-width="2"/>'
        )
        parts.append(f'<text x="{x + 4}" y="{y + 12}" font-size="10" fill="#999">{square}</text>')
    if lines:
        parts.extend(_entanglement(spooky, classical, cycle, cell, margin))
    for square in range(1, 10):
        x = margin + (square - 1) % 3 * cell
        y = margin + (square - 1) // 3 * cell
        mark = classical.get(str(square))
        if mark:
            parts.append(
                f'<text class="classical" x="{x + cell / 2}" y="{y + cell * 0.68}" font-size="52" '
                f'text-anchor="middle" fill="{_colour(mark[0])}">{mark[0]}'
                f'<tspan font-size="22" dy="8">{mark[1:]}</tspan></text>'
            )
    for mark, squares in spooky.items():
        number = int(mark[1:])
        # Part way through a collapse, a mark about to be forced out of a
        # square that turned classical is drawn only in its other square.
        for square in (s for s in squares if str(s) not in classical):
            x = margin + (square - 1) % 3 * cell + 8 + (number - 1) % 3 * 30
            y = margin + (square - 1) // 3 * cell + 34 + (number - 1) // 3 * 28
            weight = ""
            if mark == newest:
                # A ring around the mark, not text decoration: every SVG
                # renderer draws a rectangle the same way (librsvg drew an
                # underline through the letter).
                weight = ' font-weight="bold"'
                parts.append(
                    f'<rect class="newest" x="{x - NEWEST_PAD}" y="{y - 17}" width="{NEWEST_WIDTH}" height="25" '
                    f'rx="5" fill="none" stroke="{_colour(mark[0])}" stroke-width="2"/>'
                )
            parts.append(
                f'<text class="spooky" data-mark="{mark}" x="{x}" y="{y}" font-size="20" '
                f'fill="{_colour(mark[0])}"{weight}>{mark[0].lower()}<tspan font-size="12" dy="4">{number}</tspan></text>'
            )
    if arrow is not None:
        parts.append(_arrow(*arrow, cell, margin))
    for line in outcome["lines"] if outcome else []:
        (x1, y1), (x2, y2) = (_centre(line["squares"][0], cell, margin), _centre(line["squares"][2], cell, margin))
        parts.append(
            f'<line class="win" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{_colour(line["player"])}" '
            f'stroke-width="6" stroke-linecap="round" opacity="0.6"/>'
        )
    for i, line in enumerate(caption_lines):
        parts.append(
            f'<text class="caption" x="{total / 2}" y="{total + CAPTION_LINE * (i + 1) - 2}" '
            f'font-size="{CAPTION_SIZE}" text-anchor="middle" fill="#333">{escape(line)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _curve(mark: str, a: int, b: int, cell: int, margin: int) -> tuple[str, tuple[tuple[float, float], ...]]:
    """The path joining squares ``a`` and ``b`` for ``mark``, and its three
    points (start, control, end) from the grid's corner. Each mark bends by its own amount, odd numbers to one
    side and even to the other, so that marks in the same two squares, or
    in squares on one row (1-3 passes the centre of 2), stay apart."""
    (x1, y1), (x2, y2) = _centre(a, cell, margin), _centre(b, cell, margin)
    number = int(mark[1:])
    bend = (1 if number % 2 else -1) * (10 + 4 * number)
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
    cx = (x1 + x2) / 2 - (y2 - y1) / length * bend
    cy = (y1 + y2) / 2 + (x2 - x1) / length * bend
    points = ((x1 - margin, y1 - margin), (cx - margin, cy - margin), (x2 - margin, y2 - margin))
    return f"M{x1:.1f},{y1:.1f} Q{cx:.1f},{cy:.1f} {x2:.1f},{y2:.1f}", points


LABEL_AT = (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8)
"""Where along its curve a mark's label may go, best first: halfway, then
further out toward either end (t of the curve's 0 to 1)."""

NUMBER_TAB = 24
"""A square's number in its top-left corner: at most this many units each way."""

Box = tuple[float, float, float, float]
"""A box on the board, (left, top, right, bottom), from the grid's corner
(the board's 300 units, without the margin)."""


def _mark_boxes(spooky: dict[str, list[int]], classical: dict[str, str]) -> list[Box]:
    """The boxes a label had better not cover: each spooky mark where it is
    written (the slot of its number, 3 by 3 in the square) and each
    classical mark's square."""
    boxes: list[Box] = []
    for mark, squares in spooky.items():
        n = int(mark[1:]) - 1
        for square in squares:
            x = (square - 1) % 3 * 100 + 8 + n % 3 * 30
            y = (square - 1) // 3 * 100 + 18 + n // 3 * 28
            boxes.append((x, y, x + 22, y + 22))
    for square in classical:
        x, y = (int(square) - 1) % 3 * 100, (int(square) - 1) // 3 * 100
        boxes.append((x + 10, y + 20, x + 90, y + 90))
    return boxes


def _clash(place: tuple[float, float], width: float, taken: list[Box], marks: list[Box]) -> float:
    """How much of a label's box, centred at ``place``, ``width`` wide and
    12 high, lies on what it must not cover, ten times over: a grid line (4
    units wide, with a margin), a square's number, an earlier label
    (``taken``) or the outside of the board; and once over on a mark."""
    x, y = place
    box = (x - width / 2, y - 6, x + width / 2, y + 6)

    def overlap(other: Box) -> float:
        left, top, right, bottom = other
        return max(0.0, min(box[2], right) - max(box[0], left)) * max(0.0, min(box[3], bottom) - max(box[1], top))

    hard = width * 12 - overlap((0, 0, 300, 300))
    for k in range(4):
        hard += overlap((100 * k - 2, 0, 100 * k + 2, 300)) + overlap((0, 100 * k - 2, 300, 100 * k + 2))
    for square in range(9):
        x0, y0 = square % 3 * 100, square // 3 * 100
        hard += overlap((x0, y0, x0 + NUMBER_TAB, y0 + NUMBER_TAB))
    hard += sum(overlap(other) for other in taken)
    return 10 * hard + sum(overlap(other) for other in marks)


def _label_place(
    mark: str, points: tuple[tuple[float, float], ...], taken: list[Box], marks: list[Box]
) -> tuple[float, float]:
    """The centre of ``mark``'s label on its curve (start, control, end):
    the first place of LABEL_AT that covers nothing (``_clash``), else the
    one that covers least; its box is added to ``taken``. As the
    playground's board places it (web/board.js)."""
    width = 7 * len(mark) + 3  # 11-unit letters and digits, with their white outline
    (x0, y0), (cx, cy), (x2, y2) = points

    def at(t: float) -> tuple[float, float]:
        return (
            (1 - t) ** 2 * x0 + 2 * t * (1 - t) * cx + t**2 * x2,
            (1 - t) ** 2 * y0 + 2 * t * (1 - t) * cy + t**2 * y2,
        )

    best = min((at(t) for t in LABEL_AT), key=lambda place: _clash(place, width, taken, marks))
    x, y = best
    taken.append((x - width / 2, y - 6, x + width / 2, y + 6))
    return best


def _entanglement(
    spooky: dict[str, list[int]], classical: dict[str, str], cycle: set[str], cell: int, margin: int
) -> list[str]:
    """The curves of the spooky marks, the cycle's thick on a highlight,
    with their labels."""
    parts = []
    labels = []
    taken: list[Box] = []
    marks = _mark_boxes(spooky, classical)
    for mark, (a, b) in spooky.items():
        path, points = _curve(mark, a, b, cell, margin)
        lx, ly = _label_place(mark, points, taken, marks)
        mx, my = lx + margin, ly + margin
        colour = _colour(mark[0])
        in_cycle = mark in cycle
        if in_cycle:
            parts.append(f'<path class="cycle-glow" d="{path}" fill="none" stroke="{CYCLE_GLOW}" stroke-width="11"/>')
        parts.append(
            f'<path class="entanglement{" cycle" if in_cycle else ""}" data-mark="{mark}" d="{path}" fill="none" '
            f'stroke="{colour}" stroke-width="{4 if in_cycle else 2}" opacity="0.55"/>'
        )
        labels.append(
            f'<text class="entanglement-label" x="{mx:.1f}" y="{my + 4:.1f}" font-size="11" text-anchor="middle" '
            f'fill="{colour}" stroke="white" stroke-width="3" paint-order="stroke">{mark}</text>'
        )
    return parts + labels


def _arrow(start: int, end: int, player: str, cell: int, margin: int) -> str:
    """An arrow from the centre of ``start`` toward ``end``: a step's mark
    leaving one square for the other."""
    (x1, y1), (x2, y2) = _centre(start, cell, margin), _centre(end, cell, margin)
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    tip = (x2 - ux * 30, y2 - uy * 30)
    head = [
        (tip[0] - ux * 12 - uy * 7, tip[1] - uy * 12 + ux * 7),
        (tip[0] - ux * 12 + uy * 7, tip[1] - uy * 12 - ux * 7),
    ]
    colour = _colour(player)
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in [tip, *head])
    return (
        f'<g class="step-arrow"><line x1="{x1 + ux * 20:.1f}" y1="{y1 + uy * 20:.1f}" x2="{tip[0] - ux * 8:.1f}" '
        f'y2="{tip[1] - uy * 8:.1f}" stroke="{colour}" stroke-width="4" stroke-dasharray="7 4"/>'
        f'<polygon points="{points}" fill="{colour}"/></g>'
    )


def _centre(square: int, cell: int, margin: int) -> tuple[float, float]:
    return margin + (square - 1) % 3 * cell + cell / 2, margin + (square - 1) // 3 * cell + cell / 2


NEWEST_PAD = 3
NEWEST_WIDTH = 27
"""The newest mark's ring: from 3 units left of the mark, 27 wide (its
letter and number, about 20 units, with room on both sides) and 25 high,
inside the mark's 30 by 28 slot."""

CAPTION_SIZE = 15
CAPTION_LINE = 19
CAPTION_CHARS = 34
"""Characters per caption line: 34 of the widest common letters of a 15 px
sans-serif (about 8.5 px each) fit the board's 312 units with a margin."""


def _caption_lines(text: str) -> list[str]:
    """The caption cut into lines of at most CAPTION_CHARS characters, at
    spaces where possible, so that no part of it falls outside the picture."""
    return textwrap.wrap(text, CAPTION_CHARS, break_long_words=True, break_on_hyphens=False) or [""]


def message(lang: str, id: str, **args: Union[str, int]) -> str:
    """Message ``id`` of the locale file of ``lang``, with its variables."""
    return _message(lang, id, args)


def caption(game: Game, lang: str = "en") -> str:
    """Who acts, or how the game ended, in ``lang``: in English the text
    board's status line (``str(game)``'s last line)."""
    outcome = game.outcome
    if outcome is not None:
        if outcome.winner is None:
            return message(lang, "caption-draw")
        lines = ", ".join(
            message(
                lang,
                "caption-line",
                player=str(line.player),
                squares="-".join(map(str, line.squares)),
                highest=str(line.highest),
            )
            for line in outcome.lines
        )
        return message(lang, "caption-win", winner=str(outcome.winner), lines=lines)
    player = str(game.current_player)
    if game.phase == Phase.COLLAPSE:
        a, b = game.collapse_options or (0, 0)
        return message(lang, "caption-collapse", mark=str(game.collapsing_mark), player=player, a=a, b=b)
    return message(lang, "caption-move", player=player, mark=f"{player}{game.move_number}")


ENSEMBLE_CELL = 20
"""A square of a small board of ``ensemble``, in picture units."""

ENSEMBLE_GAP = 12
"""The space between two small boards."""


def ensemble(game: Game, columns: int = 6, size: int = 0, lang: str = "en") -> str:
    """The SVG document of ``game``'s classical ensemble (docs/ensemble.md):
    every classical board its marks can still become, as small boards in
    mark order, ``columns`` to a row, with a caption counting them. Marks
    already classical in ``game`` are drawn faded, so that what differs
    from board to board stands out. ``size`` is the width in pixels (0: one
    pixel per unit). The caption is in ``lang``."""
    if lang not in LANGUAGES:
        raise QtttError(f"lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    for name, value, least in (("columns", columns, 1), ("size", size, 0)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise QtttError(f"{name} must be an int of at least {least}, not {value!r}")
    boards = game.ensemble()
    settled = {square for square in range(1, 10) if game.classical(square) is not None}
    side = 3 * ENSEMBLE_CELL
    columns = min(columns, len(boards))
    rows = -(-len(boards) // columns)
    grid = columns * side + (columns + 1) * ENSEMBLE_GAP
    counted = message(lang, "caption-ensemble", count=len(boards))
    # About 6.5 units a character at 12 px, so the caption always fits.
    width = max(grid, round(len(counted) * 6.5) + 2 * ENSEMBLE_GAP)
    offset = (width - grid) // 2
    height = rows * side + (rows + 1) * ENSEMBLE_GAP + CAPTION_LINE + 4
    shown = size or width
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{shown}" height="{shown * height // width}" '
        f'viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif">',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>',
    ]
    for index, board in enumerate(boards):
        left = offset + ENSEMBLE_GAP + index % columns * (side + ENSEMBLE_GAP)
        top = ENSEMBLE_GAP + index // columns * (side + ENSEMBLE_GAP)
        parts.append(f'<g class="ensemble-board" data-index="{index}">')
        for square, mark in enumerate(board, start=1):
            x = left + (square - 1) % 3 * ENSEMBLE_CELL
            y = top + (square - 1) // 3 * ENSEMBLE_CELL
            parts.append(
                f'<rect x="{x}" y="{y}" width="{ENSEMBLE_CELL}" height="{ENSEMBLE_CELL}" '
                f'fill="white" stroke="#333" stroke-width="1"/>'
            )
            if mark is not None:
                faded = ' opacity="0.35"' if square in settled else ""
                parts.append(
                    f'<text x="{x + ENSEMBLE_CELL / 2 - 2}" y="{y + ENSEMBLE_CELL * 0.72}" font-size="13" '
                    f'text-anchor="middle" fill="{_colour(str(mark.player))}"{faded}>{mark.player}'
                    f'<tspan font-size="7" dy="2">{mark.number}</tspan></text>'
                )
        parts.append("</g>")
    parts.append(
        f'<text class="caption" x="{width / 2}" y="{height - 6}" font-size="12" '
        f'text-anchor="middle" fill="#333">{escape(counted)}</text>'
    )
    parts.append("</svg>")
    return "".join(parts)
