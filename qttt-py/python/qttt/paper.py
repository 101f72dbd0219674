"""Printable pages: SVG documents of A4 or US Letter paper, with a title, a
footer, text, lines to write on and the engine's boards (``Game.svg()``).

Every page is drawn in one frame of 180 x 244.4 mm, centred on the paper,
that fits both sizes with a margin of at least 15 mm (Letter is the
shorter, A4 the narrower): a layout drawn once prints on either paper.
Coordinates are tenths of a millimetre from the frame's top left corner.

>>> import qttt
>>> from qttt.paper import Page
>>> page = Page("letter", "Boards to play on")
>>> page.board(qttt.Game("15 26"), 0, 100, 800)
>>> page.svg().startswith('<svg xmlns="http://www.w3.org/2000/svg" width="215.9mm" height="279.4mm"')
True
"""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING

from ._qttt import QtttError, _message

if TYPE_CHECKING:
    from ._qttt import Game

SVG = "http://www.w3.org/2000/svg"
ET.register_namespace("", SVG)

PAPERS = {"a4": (2100, 2970, "210mm", "297mm"), "letter": (2159, 2794, "215.9mm", "279.4mm")}
"""The paper sizes a page can have, by name: width and height in tenths of
a millimetre, then the SVG document's width and height."""

FRAME_W, FRAME_H = 1800, 2444
"""The part of every page that is drawn on, in tenths of a millimetre."""

FONT = "Helvetica, Arial, sans-serif"
TEXT = 34
"""Body text: 3.4 mm, about 10 points."""

FOOTER = _message("en", "sheet-footer", {})
"""The footer every page has unless it is given another (English's
``sheet-footer``; each language's is in its locale file)."""


class Page:
    """One SVG page of `paper` (a key of PAPERS) with a title at the top and
    a footer at the bottom, drawn on in the frame's coordinates."""

    def __init__(self, paper: str, title: str, footer: str = FOOTER) -> None:
        if paper not in PAPERS:
            raise QtttError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}")
        width, height, w_attr, h_attr = PAPERS[paper]
        self.root = ET.Element(
            f"{{{SVG}}}svg",
            {"width": w_attr, "height": h_attr, "viewBox": f"0 0 {width} {height}", "font-family": FONT},
        )
        """The SVG document."""
        ET.SubElement(self.root, f"{{{SVG}}}rect", {"width": str(width), "height": str(height), "fill": "white"})
        self.frame = ET.SubElement(
            self.root, f"{{{SVG}}}g", {"transform": f"translate({(width - FRAME_W) / 2:g} {(height - FRAME_H) / 2:g})"}
        )
        """The group everything is drawn into."""
        self.text(0, 60, title, size=56, weight="bold")
        self.text(0, FRAME_H, footer, size=24, fill="#777")
        self.boards = 0
        """How many boards the page holds."""

    def text(
        self,
        x: float,
        y: float,
        words: str,
        size: int = TEXT,
        weight: str | None = None,
        fill: str = "#222",
        anchor: str | None = None,
    ) -> ET.Element:
        """One line of text with its baseline at y; returns its element (to
        add `tspan`s to)."""
        attrs = {"x": f"{x:g}", "y": f"{y:g}", "font-size": str(size), "fill": fill}
        if weight:
            attrs["font-weight"] = weight
        if anchor:
            attrs["text-anchor"] = anchor
        element = ET.SubElement(self.frame, f"{{{SVG}}}text", attrs)
        element.text = words
        return element

    def wrapped(self, x: float, y: float, words: str, chars: int, size: int = TEXT, **style: str) -> float:
        """Writes words in lines of at most `chars` characters; returns the y
        below them."""
        for line in textwrap.wrap(words, chars) or [""]:
            self.text(x, y, line, size=size, **style)
            y += size * 1.35
        return y

    def rule(self, x: float, y: float, width: float) -> None:
        """A line to write on."""
        ET.SubElement(
            self.frame,
            f"{{{SVG}}}line",
            {"x1": f"{x:g}", "y1": f"{y:g}", "x2": f"{x + width:g}", "y2": f"{y:g}", "stroke": "#999", "stroke-width": "2"},
        )

    def board(self, game: Game, x: float, y: float, width: float) -> None:
        """The engine's drawing of `game`, `width` wide, without its caption
        (the page says what it asks): the board is the drawing's top square.
        Without the entanglement's curves: at a printed board's size they
        hide the marks, and drawing them is the pupil's part."""
        drawn = ET.fromstring(game.svg(lines=False))
        view_w = float(drawn.get("viewBox", "0 0 1 1").split()[2])
        drawn.attrib.update(
            {
                "x": f"{x:g}",
                "y": f"{y:g}",
                "width": f"{width:g}",
                "height": f"{width:g}",
                "viewBox": f"0 0 {view_w:g} {view_w:g}",
                "class": "board",
            }
        )
        self.frame.append(drawn)
        self.boards += 1

    def svg(self) -> str:
        """The page as an SVG document: one line per element of the page (a
        board is one line, as the engine writes it), never a break inside a
        text, where SVG would drop it."""
        for element in (self.root, self.frame):
            element.text = "\n"
            for child in element:
                child.tail = "\n"
        return ET.tostring(self.root, encoding="unicode") + "\n"
