"""The drawn board, rendered by two independent SVG renderers (librsvg's
rsvg-convert and Cairo's cairosvg): nothing is cut off at the picture's
edges, for every shared vector, and the newest mark's ring is drawn by
both; and where the entanglement's labels go (never on a grid line or a
square's number)."""

import io
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

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


def captions(svg: str) -> str:
    """The caption's lines joined by spaces."""
    root = ET.fromstring(svg)
    return " ".join(t.text or "" for t in root.iter() if t.get("class") == "caption")


def curves(svg: str, cls: str = "entanglement") -> list[str]:
    """The marks of the curves whose class starts with ``cls``, in drawing order."""
    root = ET.fromstring(svg)
    return [e.get("data-mark") for e in root.iter() if (e.get("class") or "").startswith(cls) and e.get("data-mark")]


@pytest.mark.parametrize("record", RECORDS)
def test_one_curve_per_spooky_mark_and_none_when_asked(record):
    game = qttt.Game(record)
    spooky = list(game.view_dict()["spooky"])
    assert curves(game.svg()) == spooky
    assert curves(game.svg(lines=False)) == []
    # Each curve joins the centres of its mark's two squares.
    root = ET.fromstring(game.svg())
    for path in (e for e in root.iter() if e.get("class", "").startswith("entanglement") and e.get("data-mark")):
        a, b = game.view_dict()["spooky"][path.get("data-mark")]
        start, end = re.findall(r"([\d.]+),([\d.]+)", path.get("d"))[::2]
        centre = lambda s: (6 + (s - 1) % 3 * 100 + 50, 6 + (s - 1) // 3 * 100 + 50)
        assert tuple(map(float, start)) == centre(a) and tuple(map(float, end)) == centre(b)


LABELLED = [
    "12 45 78 23 56 89 14 47",  # every mark in two neighbouring squares: each curve's middle is on a grid line
    "15 26 37 48 59 16 27 38",
    "13 13",  # two marks in the same two squares
    "12 23 31",  # a cycle of three
]


@pytest.mark.parametrize("record", RECORDS + LABELLED)
def test_the_labels_cover_no_grid_line_and_no_number(record):
    # Each label's box from its anchor (the middle of its baseline): 11-unit
    # letters and digits about 6.8 units wide and 8 high, above the
    # baseline, with their white outline of 1.5 all round. It must lie
    # inside one square, off the 2-unit grid lines, and clear of that
    # square's number (10-unit digits from 4 units in, baseline 12 down).
    root = ET.fromstring(qttt.Game(record).svg())
    for label in root.iter("{http://www.w3.org/2000/svg}text"):
        if label.get("class") != "entanglement-label":
            continue
        x, y, text = float(label.get("x")), float(label.get("y")), label.text
        width = 6.8 * len(text) + 3
        left, right, top, bottom = x - width / 2, x + width / 2, y - 9.5, y + 1.5
        column, row = int((left - 6) // 100), int((top - 6) // 100)
        sx, sy = 6 + 100 * column, 6 + 100 * row
        assert sx + 1 < left and right < sx + 99 and sy + 1 < top and bottom < sy + 99, f"{text} on a grid line"
        assert left > sx + 12 or top > sy + 13, f"{text} on the number of square {3 * row + column + 1}"


def test_the_cycle_is_marked():
    # O6 68 closes 6-7-4-8 with X3 (67), O2 (47) and X5 (48); X1 and O4 hang off it.
    svg = qttt.Game("58 47 67 59 48 68").svg()
    assert curves(svg, "entanglement cycle") == ["O2", "X3", "X5", "O6"]
    assert svg.count('class="cycle-glow"') == 4
    assert curves(qttt.Game("58 47 67 59 48").svg(), "entanglement cycle") == []
    with pytest.raises(TypeError):
        qttt.Game().svg(lines="yes")  # type: ignore[arg-type]


# The collapse @8 of the cycle above, worked by hand (docs/API.md's order).
STEP_CAPTIONS = [
    "Step 1 of 6: O6 lands in 8, the chooser's square.",
    "Step 2 of 6: O6 landed in 8, so X1 leaves 8 for its other square, 5.",
    "Step 3 of 6: O6 landed in 8, so X5 leaves 8 for its other square, 4.",
    "Step 4 of 6: X1 landed in 5, so O4 leaves 5 for its other square, 9.",
    "Step 5 of 6: X5 landed in 4, so O2 leaves 4 for its other square, 7.",
    "Step 6 of 6: O2 landed in 7, so X3 leaves 7 for its other square, 6. Every mark tied to the cycle is classical now.",
]


@pytest.mark.parametrize("renderer", RENDERERS)
def test_the_collapse_drawn_step_by_step(renderer):
    game = qttt.Game("58 47 67 59 48 68")
    pictures = game.collapse_svg("@8", size=300)
    assert [captions(svg) for svg in pictures] == STEP_CAPTIONS
    landed = [(8, "O6"), (5, "X1"), (4, "X5"), (9, "O4"), (7, "O2"), (6, "X3")]
    for k, svg in enumerate(pictures, start=1):
        root = ET.fromstring(svg)
        classical = sorted("".join(t.itertext()) for t in root.iter() if t.get("class") == "classical")
        assert classical == sorted(mark for _, mark in landed[:k])
        assert len(curves(svg)) == 6 - k  # the landed marks' curves are gone
        assert svg.count('class="step-arrow"') == 1
        image = RENDERERS[renderer](svg)
        left, top, right, bottom = ink_box(image)
        assert left >= 4 and top >= 4 and right <= image.size[0] - 4 and bottom <= image.size[1] - 4
    assert len([e for e in ET.fromstring(pictures[-1]).iter() if e.get("class") == "win"]) == 2
    assert "<svg" in pictures._repr_html_()
    assert qttt.svg.collapse_steps(game, "@8", 300) == pictures
    with pytest.raises(qttt.IllegalActionError):
        game.collapse_svg("@1")
