"""A match as a table and a chart: text for a terminal, HTML with an SVG
chart in a notebook (no plotting library needed)."""

from __future__ import annotations

import html
from typing import Mapping, Optional

from .match import Match

COLUMNS = ("games", "wins", "draws", "losses", "forfeits", "score", "actions", "kept_rate", "lost", "retries")
"""The table's columns: :meth:`~qttt.agents.Match.results`' fields."""

_COLOURS = {"wins": "#3a7d44", "draws": "#9e9e9e", "losses": "#b23a48"}


class Report:
    """The report of ``match``; with ``anchors`` (from
    :func:`~qttt.agents.calibrate`) it also gives the agent's rating."""

    def __init__(self, match: Match, anchors: Optional[Mapping[str, float]] = None) -> None:
        self.match = match
        self.results = match.results()
        self.anchors = dict(anchors) if anchors else None
        self.rating = match.rating(self.anchors) if self.anchors else None

    def rows(self) -> list:
        """One row per opponent: its name and the :data:`COLUMNS`."""
        return [[name] + [row[column] for column in COLUMNS] for name, row in self.results.items()]

    def summary(self) -> str:
        """One line: the share of actions that kept the value, the value lost, the rating."""
        line = (f"{self.match.agent}: {self.match.kept_rate():.1%} of its actions kept the value, "
                f"{self.match.lost():g} lost in all ({self.match.scoring} scoring)")
        if self.rating is not None and self.anchors is not None:
            anchors = ", ".join(f"{name} {value:.0f}" for name, value in self.anchors.items())
            line += f"; rating {self.rating:.0f} (anchors: {anchors})"
        return line

    def __str__(self) -> str:
        header = ["opponent", *COLUMNS]
        cells = [header] + [[_cell(value) for value in row] for row in self.rows()]
        widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
        lines = ["  ".join(cell.rjust(width) for cell, width in zip(row, widths)) for row in cells]
        return "\n".join(lines + [self.summary()])

    def svg(self, width: int = 480) -> str:
        """The chart: per opponent a bar of the agent's wins, draws and
        losses, labelled with the score and the share of kept actions."""
        bar, gap, left = 22, 12, 90
        rows = list(self.results.items())
        height = len(rows) * (bar + gap) + 30
        span = width - left - 10
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
                 f'font-family="sans-serif" font-size="12">']
        for i, (name, row) in enumerate(rows):
            y = 8 + i * (bar + gap)
            parts.append(f'<text x="{left - 6}" y="{y + bar / 2 + 4}" text-anchor="end">{html.escape(name)}</text>')
            x = float(left)
            for kind, colour in _COLOURS.items():
                share = row[kind] / row["games"]
                if share:
                    parts.append(f'<rect x="{x:.1f}" y="{y}" width="{share * span:.1f}" height="{bar}" '
                                 f'fill="{colour}"><title>{kind}: {row[kind]}</title></rect>')
                x += share * span
            parts.append(f'<text x="{left + 4}" y="{y + bar / 2 + 4}" fill="white">score {row["score"]:.2f}, '
                         f'kept {row["kept_rate"]:.0%}</text>')
        legend_y = height - 8
        for j, (kind, colour) in enumerate(_COLOURS.items()):
            x = left + j * 80
            parts.append(f'<rect x="{x}" y="{legend_y - 10}" width="10" height="10" fill="{colour}"/>'
                         f'<text x="{x + 14}" y="{legend_y}">{kind}</text>')
        parts.append("</svg>")
        return "".join(parts)

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(column)}</th>" for column in ("opponent", *COLUMNS))
        body = "".join("<tr>" + "".join(f"<td>{html.escape(_cell(value))}</td>" for value in row) + "</tr>"
                       for row in self.rows())
        return (f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
                f"<p>{html.escape(self.summary())}</p>{self.svg()}")


def _cell(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.3g}" if value % 1 else f"{value:g}"
    return str(value)
