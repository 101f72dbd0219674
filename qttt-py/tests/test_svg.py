"""The drawn board, rendered by two independent SVG renderers (librsvg's
rsvg-convert and Cairo's cairosvg): nothing is cut off at the picture's
edges, for every shared vector, and the newest mark's ring is drawn by
both."""

import io
import re
import shutil
import subprocess

import cairosvg
import pytest
from PIL import Image

import qttt
from conftest import game_vectors

RSVG = shutil.which("rsvg-convert")
RECORDS = [record for _, record, _ in game_vectors()]


def render_rsvg(svg: str) -> Image.Image:
    assert RSVG, "needs rsvg-convert (Debian's librsvg2-bin; tests/python/run.sh installs it)"
    png = subprocess.run([RSVG, "--background-color=white"], input=svg.encode(), capture_output=True, check=True)
    return Image.open(io.BytesIO(png.stdout)).convert("L")


def render_cairo(svg: str) -> Image.Image:
    png = cairosvg.svg2png(bytestring=svg.encode(), background_color="white")
    return Image.open(io.BytesIO(png)).convert("L")


RENDERERS = {"rsvg-convert": render_rsvg, "cairosvg": render_cairo}


def ink_box(image: Image.Image) -> tuple[int, int, int, int]:
    """The bounding box of everything that is not white."""
    inverted = image.point(lambda v: 255 if v < 250 else 0)
    box = inverted.getbbox()
    assert box is not None
    return box


@pytest.mark.parametrize("renderer", RENDERERS)
@pytest.mark.parametrize("record", RECORDS + ["58 47 67 59 48 68", "58 47 67 59 48 68 @8"])
def test_nothing_is_cut_off(record, renderer):
    game = qttt.Game(record)
    image = RENDERERS[renderer](game.svg(size=360))
    left, top, right, bottom = ink_box(image)
    width, height = image.size
    # Ink stops short of every edge: a clipped caption would touch one.
    assert left >= 4 and top >= 4 and right <= width - 4 and bottom <= height - 4, (record, (left, top, right, bottom), image.size)
    # The caption is all there: its text, wrapped, is the status line.
    root_text = " ".join(
        line for line in game.svg().split('class="caption"')[1:] for line in [line.split(">", 1)[1].split("<", 1)[0]]
    )
    assert root_text.replace("&gt;", ">") == str(game).splitlines()[-1]


def rings(svg: str) -> list[tuple[float, float, float]]:
    """The newest mark's rings: (left, top, width) in the picture's units."""
    return [
        (float(x), float(y), float(w))
        for x, y, w in re.findall(r'<rect class="newest" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"', svg)
    ]


def edge_pixels(image: Image.Image, scale: float, x: float, y: float, width: float) -> list[int]:
    """The darkest pixel of each column along a horizontal edge at `y` (the
    stroke is centred on it, about two pixels thick), from `x` to `x +
    width` less the rounded corners."""
    row = round(y * scale)
    return [
        min(image.getpixel((round(u * scale), r)) for r in (row - 1, row, row + 1))
        for u in range(int(x + 6), int(x + width - 6))
    ]


@pytest.mark.parametrize("renderer", RENDERERS)
def test_the_newest_mark_is_ringed_by_every_renderer(renderer):
    # O6 closed the cycle 4-7-6-8 (RULES.md's worked example): it sits in
    # squares 6 and 8, and each of the two gets a ring; no other mark does.
    game = qttt.Game("58 47 67 59 48 68")
    svg = game.svg(size=360)
    found = rings(svg)
    assert len(found) == 2
    # Squares 6 and 8 span x 206-306, y 106-206 and x 106-206, y 206-306.
    squares = sorted((int((x - 6) // 100) + 1 + 3 * int((y - 6) // 100)) for x, y, _ in found)
    assert squares == [6, 8]
    image = RENDERERS[renderer](svg)
    scale = image.size[0] / 312  # the board is 312 units wide
    for x, y, width in found:
        # The ring's top edge (away from its rounded corners) is ink.
        edge = edge_pixels(image, scale, x, y, width)
        assert sum(v < 200 for v in edge) >= 0.8 * len(edge), (renderer, x, y)
    # The same place in square 4 (its slot 6 is empty: square 4 holds O2
    # and X5) stays white.
    for x, y, width in [(x - 200, y, w) for x, y, w in found if x > 206]:
        edge = edge_pixels(image, scale, x, y, width)
        assert all(v > 240 for v in edge), (renderer, "a ring where there is none")
    assert 'text-decoration' not in svg
    assert not rings(qttt.Game("58 47 67 59 48 68 @8").svg()), "no ring once the collapse is made"
