"""Reviews: every action of a game judged by perfect play, as data, as an
annotated game file, and as a small chart in notebooks.

>>> import qttt
>>> review = qttt.review(qttt.Game("28 14 25 57 49 69 47 79 @9"), first=6)
>>> [(s["ply"], s["action"], s["before"], s["after"], s["verdict"]) for s in review.steps]
[(7, '47', 1.0, -1.0, 'win_given_away'), (8, '79', -1.0, 0.0, 'win_given_away'), (9, '@9', 0.0, -1.0, 'draw_given_away')]
>>> review.final_value
-1.0

A game file's game (its text, or a dict of ``parse_games``) keeps its tags:

>>> text = '[X "Ann"]\\n[O "Bob"]\\n1. 28 2. 14 3. 25 4. 57 5. 49 6. 69 7. 47 8. 79 @9 0-1'
>>> qttt.review(text, first=6).tags["X"], qttt.review(qttt.parse_games(text)[0], first=6).tags["O"]
('Ann', 'Bob')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Union
from xml.sax.saxutils import escape

from ._qttt import LANGUAGES, QtttError, _review
from .svg import message

if TYPE_CHECKING:
    from ._qttt import Game, Solver

VALUES = (1.0, 0.5, 0.0, -0.5, -1.0)
"""Every value, X's points minus O's, from X's win down to O's."""


def value_text(value: float, lang: str = "en") -> str:
    """A value as a game file and the chart write it, from the locale
    files (message ``value-label``): "+1", "+1/2", "0", "-1/2", "-1".

    >>> [value_text(v) for v in VALUES]
    ['+1', '+1/2', '0', '-1/2', '-1']
    """
    return message(lang, "value-label", half=round(value * 2))


class Review:
    """A game reviewed by perfect play (made by :func:`review`).

    Values are X's points minus O's under perfect play, floats (1.0 X
    wins, 0.0 a draw, -1.0 O wins; under "goff" also 0.5 and -0.5), as
    every value of the module.
    """

    scoring: str
    """The scoring the values are under: "single", "goff" or "complete"."""
    start: str
    """The record of the position the review starts from."""
    end: str
    """The record of the game reviewed."""
    tags: dict[str, str]
    """The game's tags, name to value (a game file's players, event, ...;
    ``"?"`` where the file or a ``Game`` has none), and ``Annotator``."""
    final_value: float
    """The value at the end (the result when the game is over)."""
    steps: list[dict[str, Any]]
    """One dict per action: "ply" (from 1, counted from the empty board),
    "action", "player" ("X" or "O"), "before", "after", "lost"
    (the points the action lost, from the mover's side), "verdict" ("kept", "win_given_away",
    "draw_given_away" or "half_point_lost"), "glyph" (None when the
    action kept the value, else "??" for a full win given away for a full
    loss, "?!" for half a point, "?" for any other loss), "best" (the best actions),
    "best_line" (a best action and perfect play to the end) and
    "line_after" (perfect play after the action)."""

    def __init__(self, data: dict[str, Any], qgn: str) -> None:
        self.scoring = data["scoring"]
        self.start = data["start"]
        self.end = data["end"]
        self.tags = data["tags"]
        self.final_value = data["final_value"]
        self.steps = data["steps"]
        self._qgn = qgn

    @property
    def mistakes(self) -> list[dict[str, Any]]:
        """The steps whose action lost value."""
        return [step for step in self.steps if step["verdict"] != "kept"]

    def to_qgn(self) -> str:
        """The review as an annotated game file (docs/gamefile.md), its
        comments in the language ``review(..., lang=)`` was given."""
        return self._qgn

    def values(self) -> list[float]:
        """The value before each action, then the value at the end."""
        return [step["before"] for step in self.steps] + [self.final_value]

    def svg(self, width: int = 480, lang: str = "en") -> str:
        """A chart of the values along the game: X's value after each ply
        (up is good for X), each mistake marked by a red dot with its ply
        and glyph; its words in ``lang`` (one of ``qttt.LANGUAGES``)."""
        if lang not in LANGUAGES:
            raise QtttError(f"lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")
        height = width // 2
        left, right, top, bottom = 44, 16, 36, 50
        plot_w, plot_h = width - left - right, height - top - bottom
        values = self.values()
        first = self.steps[0]["ply"] - 1 if self.steps else 0
        count = max(len(values) - 1, 1)

        def x(index: int) -> float:
            return left + plot_w * index / count

        def y(value: float) -> float:
            return top + plot_h * (1 - value) / 2

        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" xml:lang="{lang}" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif" font-size="11">',
            f'<rect width="{width}" height="{height}" fill="white"/>',
        ]
        for value in VALUES:
            colour = "#999" if value == 0 else "#ddd"
            parts.append(f'<line x1="{left}" y1="{y(value)}" x2="{width - right}" y2="{y(value)}" stroke="{colour}"/>')
            label = escape(value_text(value, lang))
            parts.append(f'<text x="{left - 6}" y="{y(value) + 4}" text-anchor="end">{label}</text>')
        for index in range(len(values)):
            parts.append(
                f'<text x="{x(index)}" y="{height - 18}" text-anchor="middle" fill="#555">{first + index}</text>'
            )
        axis = escape(message(lang, "review-chart-axis"))
        parts.append(f'<text x="{width - right}" y="{height - 4}" text-anchor="end" fill="#555">{axis}</text>')
        title = escape(message(lang, "review-chart-title", scoring=self.scoring))
        parts.append(f'<text x="{left}" y="14" font-size="12" fill="#333">{title}</text>')
        points = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(values))
        parts.append(f'<polyline points="{points}" fill="none" stroke="#1f5fa8" stroke-width="2"/>')
        for index, step in enumerate(self.steps):
            if step["verdict"] == "kept":
                continue
            glyph = step["glyph"]
            cx, cy = x(index + 1), y(step["after"])
            label = escape(f'{step["ply"]}. {step["action"]}{glyph}')
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="5" fill="#c0392b"/>')
            anchor = "end" if index + 1 == count else "middle"
            # Above a peak (the value rose), below a trough.
            ly = cy - 9 if step["after"] > step["before"] else cy + 17
            parts.append(
                f'<text x="{cx}" y="{ly}" text-anchor="{anchor}" fill="#c0392b" '
                f'stroke="white" stroke-width="3" paint-order="stroke">{label}</text>'
            )
        parts.append("</svg>")
        return "\n".join(parts)

    def _repr_svg_(self) -> str:
        return self.svg()

    def __repr__(self) -> str:
        return f"<Review {self.end!r} under {self.scoring}: {len(self.mistakes)} mistakes>"


def review(
    game: Union[Game, dict[str, Any], str],
    scoring: Optional[str] = None,
    *,
    first: int = 0,
    opening_book: bool = True,
    solver: Optional[Solver] = None,
    lang: str = "en",
) -> Review:
    """Reviews every action of ``game`` from its ply ``first`` on (0: all
    of them) by perfect play under ``scoring``; without the interpreter
    lock. ``opening_book=False`` searches what the opening book answers.
    With ``solver`` (a ``qttt.Solver``) the review uses its table and keeps
    what it solves there, under its scoring and opening book (``scoring``,
    if given, must be the solver's): many reviews of games of one opening
    solve it once.

    ``game`` is a ``Game``, a game as ``parse_games`` gives it, or the
    text of a game file holding one game; a file's game is reviewed from
    its start position on (or from ``first``, if later), under the file's
    scoring unless ``scoring`` is given ("single" for a ``Game``), and its
    tags are kept in ``tags`` and in ``to_qgn()``.

    ``lang`` (one of ``qttt.LANGUAGES``, default English) is the language
    of the comments ``to_qgn()`` writes (the value at the start, what each
    mistake gave away), from the locale files; the data (``steps``, the
    glyphs, the values) is the same in every language."""
    data, qgn = _review(game, scoring, first, opening_book, solver, lang)
    return Review(data, qgn)
