"""Puzzles: positions where exactly one action wins, proven by the solver
(the core's shipped set of 330, graded by depth 1 to 3 and tagged by
theme), and a printable A4 sheet of them with an answer key.

>>> from qttt import puzzles
>>> all_puzzles = puzzles.load()
>>> len(all_puzzles) >= 300
True
>>> first = all_puzzles[0]
>>> first.number, first.position.record, first.depth, first.themes, first.solution
(1, '46 45 46 @6 38 17 27', 1, ['forcing-cycle'], ['17', '@1'])
>>> str(first)
'Puzzle 1: X to play and win in 1 (forcing-cycle)'
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from ._qttt import PUZZLES, Game, parse_games
from .svg import board

THEMES = ("collapse-choice", "earlier-line", "forced-ninth-mark", "avoiding-cycle", "forcing-cycle")
"""Every theme, as the puzzles' tags name them."""


class Puzzle:
    """One puzzle: the position, who is to play and win, the solution (the
    only winning action, then perfect play), its depth (the winner's own
    actions) and its themes."""

    def __init__(self, game: dict) -> None:
        tags = dict(game["tags"])
        self.number: int = int(tags.get("Round", "0"))
        """The puzzle's number in its set, from 1."""
        self.position: Game = Game(game["start"])
        """The position to solve."""
        self.winner: str = str(self.position.current_player)
        """Who is to play and win: "X" or "O"."""
        self.depth: int = int(tags["Depth"])
        """The winner's own actions in the solution."""
        self.themes: list[str] = tags.get("Puzzle", "").split()
        """What it teaches (of THEMES)."""
        self.solution: list[str] = [ply["action"] for ply in game["line"]["plies"]]
        """The winning action, then perfect play to the end."""

    def __str__(self) -> str:
        return f"Puzzle {self.number}: {self.winner} to play and win in {self.depth} ({', '.join(self.themes)})"

    def __repr__(self) -> str:
        return f"<{self}>"

    def _repr_svg_(self) -> str:
        return board(self.position, 300)


def load(text: str = PUZZLES) -> list[Puzzle]:
    """The puzzles of a puzzle file (by default the shipped set)."""
    return [Puzzle(game) for game in parse_games(text)]


def select(puzzles: list[Puzzle], *, depth: int | None = None, theme: str | None = None) -> list[Puzzle]:
    """The puzzles of one depth and/or one theme."""
    return [p for p in puzzles if (depth is None or p.depth == depth) and (theme is None or theme in p.themes)]


# A4 in tenths of a millimetre.
PAGE_W, PAGE_H = 2100, 2970


def sheet(puzzles: list[Puzzle], title: str = "Quantum tic-tac-toe puzzles") -> list[str]:
    """A printable sheet: SVG pages of A4 (210 x 297 mm), six boards a page
    with lines to write the answer on, then an answer key page (the winning
    action in bold, then perfect play, and the themes; 80 answers fit).
    Returns the pages, each an SVG document."""
    if len(puzzles) > 80:
        raise ValueError("a sheet holds at most 80 puzzles (one page of answers)")
    pages = []
    per_page = 6
    for start in range(0, len(puzzles), per_page):
        chunk = puzzles[start : start + per_page]
        parts = _page_start(f"{title} ({start // per_page + 1})")
        for i, puzzle in enumerate(chunk):
            x = 150 + (i % 2) * 930
            y = 260 + (i // 2) * 880
            parts.append(
                f'<text x="{x}" y="{y - 20}" font-size="40" font-weight="bold">{escape(str(puzzle.number))}.</text>'
                f'<text x="{x + 90}" y="{y - 20}" font-size="34">{escape(puzzle.winner)} to play and win in {puzzle.depth}</text>'
            )
            drawn = board(puzzle.position, 560).replace("<svg ", f'<svg x="{x}" y="{y}" ', 1)
            parts.append(drawn)
            for line in range(3):
                ly = y + 690 + line * 60
                parts.append(f'<line x1="{x}" y1="{ly}" x2="{x + 800}" y2="{ly}" stroke="#999" stroke-width="2"/>')
        parts.append("</svg>")
        pages.append("".join(parts))
    parts = _page_start(f"{title}: answers")
    for i, puzzle in enumerate(puzzles):
        column, row = divmod(i, 40)
        x, y = 150 + column * 930, 280 + row * 62
        first, rest = puzzle.solution[0], " ".join(puzzle.solution[1:])
        parts.append(
            f'<text x="{x}" y="{y}" font-size="30"><tspan font-weight="bold">{puzzle.number}. {escape(first)}</tspan> '
            f'{escape(rest)} <tspan fill="#777" font-size="24">{escape(", ".join(puzzle.themes))}</tspan></text>'
        )
    parts.append("</svg>")
    pages.append("".join(parts))
    return pages


def _page_start(title: str) -> list[str]:
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 {PAGE_W} {PAGE_H}" '
        f'font-family="Helvetica, Arial, sans-serif">',
        f'<rect width="{PAGE_W}" height="{PAGE_H}" fill="white"/>',
        f'<text x="150" y="150" font-size="56" font-weight="bold">{escape(title)}</text>',
    ]
