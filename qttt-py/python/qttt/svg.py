"""Draws a game as SVG, the way it is drawn on paper.

Classical marks are large; spooky marks are small, each at the place of its
move number in a 3x3 grid inside its square, with the number as a
subscript; while a collapse is pending the cycle's newest mark is ringed
and its two squares are highlighted; completed lines are struck through. The
caption says who acts or how the game ended, in any of ``qttt.LANGUAGES``: its
words are the playground's, from the same locale files (``qttt-locales``). Imported
lazily by ``Game.svg()`` and ``Game._repr_svg_()``. ``ensemble(game)`` draws
the classical ensemble, every classical board the marks can still become.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Union
from xml.sax.saxutils import escape

from ._qttt import LANGUAGES, Phase, QtttError, _message

if TYPE_CHECKING:
    from ._qttt import Game

X_COLOUR = "#c0392b"
O_COLOUR = "#1f5fa8"
HIGHLIGHT = "#ffe9a8"


def _colour(player: str) -> str:
    return X_COLOUR if player == "X" else O_COLOUR


def board(game: Game, size: int = 360, lang: str = "en") -> str:
    """The SVG document of ``game``'s board, ``size`` pixels wide, its caption in ``lang``."""
    if isinstance(size, bool) or not isinstance(size, int) or size < 60:
        raise QtttError(f"size must be an int of at least 60 pixels, not {size!r}")
    if lang not in LANGUAGES:
        raise QtttError(f"lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    cell = 100
    margin = 6
    total = 3 * cell + 2 * margin
    lines = _caption_lines(caption(game, lang))
    caption_height = 6 + CAPTION_LINE * len(lines)
    view = game.view_dict()
    options = set(view["collapse_options"])
    newest = str(game.collapsing_mark) if game.collapsing_mark is not None else None
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size * (total + caption_height) // total}" '
        f'viewBox="0 0 {total} {total + caption_height}" font-family="Helvetica, Arial, sans-serif">',
        f'<rect x="0" y="0" width="{total}" height="{total + caption_height}" fill="white"/>',
    ]
    for square in range(1, 10):
        x = margin + (square - 1) % 3 * cell
        y = margin + (square - 1) // 3 * cell
        fill = HIGHLIGHT if square in options else "white"
        parts.append(
            f'<rect class="square" data-square="{square}" x="{x}" y="{y}" width="{cell}" height="{cell}" '
            f'fill="{fill}" stroke="#333" stroke-width="2"/>'
        )
        parts.append(f'<text x="{x + 4}" y="{y + 12}" font-size="10" fill="#999">{square}</text>')
        mark = view["classical"].get(str(square))
        if mark:
            parts.append(
                f'<text class="classical" x="{x + cell / 2}" y="{y + cell * 0.68}" font-size="52" '
                f'text-anchor="middle" fill="{_colour(mark[0])}">{mark[0]}'
                f'<tspan font-size="22" dy="8">{mark[1:]}</tspan></text>'
            )
    for mark, squares in view["spooky"].items():
        number = int(mark[1:])
        for square in squares:
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
    outcome = view["outcome"]
    for line in outcome["lines"] if outcome else []:
        (x1, y1), (x2, y2) = (_centre(line["squares"][0], cell, margin), _centre(line["squares"][2], cell, margin))
        parts.append(
            f'<line class="win" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{_colour(line["player"])}" '
            f'stroke-width="6" stroke-linecap="round" opacity="0.6"/>'
        )
    for i, line in enumerate(lines):
        parts.append(
            f'<text class="caption" x="{total / 2}" y="{total + CAPTION_LINE * (i + 1) - 2}" '
            f'font-size="{CAPTION_SIZE}" text-anchor="middle" fill="#333">{escape(line)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


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
