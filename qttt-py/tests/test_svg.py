"""The drawn board, rendered by a real SVG renderer (rsvg-convert): nothing
is cut off at the picture's edges, for every shared vector."""

import io
import shutil
import subprocess

import pytest
from PIL import Image

import qttt
from conftest import game_vectors

RENDERER = shutil.which("rsvg-convert")
RECORDS = [record for _, record, _ in game_vectors()]


def render(svg: str) -> Image.Image:
    assert RENDERER, "needs rsvg-convert (Debian's librsvg2-bin; tests/python/run.sh installs it)"
    png = subprocess.run([RENDERER, "--background-color=white"], input=svg.encode(), capture_output=True, check=True)
    return Image.open(io.BytesIO(png.stdout)).convert("L")


def ink_box(image: Image.Image) -> tuple[int, int, int, int]:
    """The bounding box of everything that is not white."""
    inverted = image.point(lambda v: 255 if v < 250 else 0)
    box = inverted.getbbox()
    assert box is not None
    return box


@pytest.mark.parametrize("record", RECORDS + ["58 47 67 59 48 68", "58 47 67 59 48 68 @8"])
def test_nothing_is_cut_off(record):
    game = qttt.Game(record)
    image = render(game.svg(size=360))
    left, top, right, bottom = ink_box(image)
    width, height = image.size
    # Ink stops short of every edge: a clipped caption would touch one.
    assert left >= 4 and top >= 4 and right <= width - 4 and bottom <= height - 4, (record, (left, top, right, bottom), image.size)
    # The caption is all there: its text, wrapped, is the status line.
    root_text = " ".join(
        line for line in game.svg().split('class="caption"')[1:] for line in [line.split(">", 1)[1].split("<", 1)[0]]
    )
    assert root_text.replace("&gt;", ">") == str(game).splitlines()[-1]
