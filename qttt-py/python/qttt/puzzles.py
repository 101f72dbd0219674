"""Puzzles: positions where exactly one action wins, proven by the solver
(the core's shipped set of 330, graded by depth 1 to 3 and tagged by
theme), and a printable sheet of them (A4 or US Letter) with an answer
key.

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

import xml.etree.ElementTree as ET

from typing import Optional

from ._qttt import LANGUAGES, PUZZLE_THEMES, PUZZLES, Game, QtttError, _puzzles
from .paper import SVG, Page
from .svg import board, message

THEMES = PUZZLE_THEMES
"""Every theme, as the puzzles' tags name them (the core's list)."""


class Puzzle:
    """One puzzle, as the core reads it from a game file (its
    ``Puzzle::from_annotated``): the position, who is to play and win, the
    solution (the only winning action, then perfect play), its depth (the
    winner's own actions) and its themes."""

    def __init__(self, data: dict) -> None:
        self.number: Optional[int] = data["number"]
        """The puzzle's number in its set, from 1 (the game's ``Round``
        tag; None when the file numbers it not)."""
        self.position: Game = Game(data["start"])
        """The position to solve."""
        self.winner: str = data["winner"]
        """Who is to play and win: "X" or "O"."""
        self.depth: int = data["depth"]
        """The winner's own actions in the solution."""
        self.themes: list[str] = list(data["themes"])
        """What it teaches (of THEMES)."""
        self.solution: list[str] = list(data["solution"])
        """The winning action, then perfect play to the end."""

    def caption(self, lang: str = "en") -> str:
        """Who is to play and win in how many actions, in ``lang`` (one of
        ``qttt.LANGUAGES``), from the locale files (message
        ``puzzle-caption``): the core's ``PuzzleCaption``, the shipped
        set's ``Comment`` tags in English.

        >>> load()[0].caption(), load()[0].caption("de")
        ('X to play and win in 1', 'X ist am Zug und gewinnt in 1')
        """
        return message(lang, "puzzle-caption", player=self.winner, depth=self.depth)

    def __str__(self) -> str:
        return f"Puzzle {self.number}: {self.caption()} ({', '.join(self.themes)})"

    def __repr__(self) -> str:
        return f"<{self}>"

    def _repr_svg_(self) -> str:
        return board(self.position, 300)


def load(text: str = PUZZLES) -> list[Puzzle]:
    """The puzzles of a puzzle file (by default the shipped set), each
    read by the core; a game that is not a puzzle raises QtttError."""
    return [Puzzle(data) for data in _puzzles(text)]


def select(puzzles: list[Puzzle], *, depth: int | None = None, theme: str | None = None) -> list[Puzzle]:
    """The puzzles of one depth and/or one theme."""
    return [p for p in puzzles if (depth is None or p.depth == depth) and (theme is None or theme in p.themes)]


PER_PAGE = 6
"""Puzzles on each page of a sheet."""

TASK_CHARS = 110
"""The sheet's sentences (the task, the key's note) are cut into lines of
at most this many characters: the frame's width at their size."""

ANSWERS_PER_COLUMN = 37
"""Answers in each of an answer page's two columns."""


def sheet(
    puzzles: list[Puzzle],
    title: str | None = None,
    paper: str = "a4",
    footer: str | None = None,
    lang: str = "en",
) -> list[str]:
    """A printable sheet on `paper` ("a4", 210 x 297 mm, or "letter", US
    Letter, 8.5 x 11 inches; the layout is the same on both): SVG pages of
    six boards a page with a line to write the answer on, then the answer
    key (the winning action in bold, then perfect play, and the themes;
    two columns of 37 answers a page). Its words are in `lang` (one of
    ``qttt.LANGUAGES``), from the locale files, as are the title and the
    footer unless they are given. Returns the pages, each an SVG
    document."""
    if not puzzles:
        raise ValueError("a sheet needs at least one puzzle")
    if lang not in LANGUAGES:
        raise QtttError(f"lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    title = message(lang, "sheet-title") if title is None else title
    footer = message(lang, "sheet-footer") if footer is None else footer
    pages = []
    for start in range(0, len(puzzles), PER_PAGE):
        page = Page(paper, f"{title} ({start // PER_PAGE + 1})", footer)
        page.wrapped(0, 120, message(lang, "sheet-task"), TASK_CHARS, size=28)
        for i, puzzle in enumerate(puzzles[start : start + PER_PAGE]):
            x, y = (i % 2) * 930, 200 + (i // 2) * 750
            task = message(lang, "puzzle-task", player=puzzle.winner, depth=puzzle.depth)
            page.text(x, y + 30, f"{puzzle.number}. {task}", size=32, weight="bold")
            page.board(puzzle.position, x + 110, y + 60, 540)
            page.rule(x, y + 680, 870)
        pages.append(page.svg())
    per_page = 2 * ANSWERS_PER_COLUMN
    for start in range(0, len(puzzles), per_page):
        more = f" ({start // per_page + 1})" if len(puzzles) > per_page else ""
        key = Page(paper, message(lang, "sheet-answers", title=title) + more, footer)
        top = max(220, key.wrapped(0, 130, message(lang, "sheet-key"), TASK_CHARS, size=28) + 40)
        for i, puzzle in enumerate(puzzles[start : start + per_page]):
            column, row = divmod(i, ANSWERS_PER_COLUMN)
            first, rest = puzzle.solution[0], " ".join(puzzle.solution[1:])
            line = key.text(column * 910, top + row * 58, "", size=30)
            line.text = None
            bold = ET.SubElement(line, f"{{{SVG}}}tspan", {"font-weight": "bold"})
            bold.text = f"{puzzle.number}. {first}"
            bold.tail = f" {rest} " if rest else " "
            faint = ET.SubElement(line, f"{{{SVG}}}tspan", {"fill": "#666", "font-size": "24"})
            faint.text = f"({', '.join(message(lang, 'theme', name=theme) for theme in puzzle.themes)})"
        pages.append(key.svg())
    return pages
