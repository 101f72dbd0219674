"""The classical ensemble (docs/ensemble.md) from Python: hand-worked
counts and boards, the count against the list on every shared vector, a
collapse keeping the half of its choice, and the drawing."""

import io
import xml.etree.ElementTree as ET

import cairosvg
import pytest
from PIL import Image

import qttt
import qttt.svg
from conftest import game_vectors

# Worked out by hand (docs/ensemble.md): (record, count).
HAND = [
    ("", 1),  # no marks: the empty board is the one board
    ("15", 2),  # X1 in 1 or in 5
    ("12 23", 3),  # a tree of 3 squares: one board for each empty square
    ("15 15", 2),  # a pending 2-cycle: the two collapse choices
    ("15 15 @1", 1),  # every mark classical
    ("12 34 23", 4),  # the path 1-2-3-4
    ("12 34 56 23 78 13", 8),  # a cycle with a stem (2), trees 5-6 and 7-8 (2 each)
    ("12 23 45 56 78 89", 27),  # three paths of 3: 3*3*3, the largest
    ("58 47 67 59 48 68", 2),  # RULES.md's worked example, the two choices
]


@pytest.mark.parametrize("record,count", HAND)
def test_hand_worked_counts(record, count):
    game = qttt.Game(record)
    assert game.ensemble_count() == count
    assert len(game.ensemble()) == count


def test_the_boards_of_a_path_in_mark_order():
    # X1 1-2, O2 2-3: X1's lower square first, then O2's.
    x1, o2 = qttt.Mark(1), qttt.Mark(2)
    assert qttt.Game("12 23").ensemble() == [
        (x1, o2, None) + (None,) * 6,  # square 3 empty
        (x1, None, o2) + (None,) * 6,  # square 2 empty
        (None, x1, o2) + (None,) * 6,  # square 1 empty
    ]


def test_boards_that_look_alike_are_two():
    # X1 and X3 both in 1-2, O2 forced to 3: X X O twice, but which X is where differs.
    first, second = qttt.Game("12 13 12").ensemble()
    assert [m.player for m in first[:3]] == [m.player for m in second[:3]]
    assert first[0] == qttt.Mark(1) and second[0] == qttt.Mark(3)


@pytest.mark.parametrize("record", [record for _, record, _ in game_vectors()])
def test_count_and_list_agree_and_keep_the_classical_marks(record):
    game = qttt.Game(record)
    boards = game.ensemble()
    assert len(boards) == game.ensemble_count() == len(set(boards))
    for board in boards:
        assert len(board) == 9
        for square in range(1, 10):
            if game.classical(square) is not None:
                assert board[square - 1] == game.classical(square)
    if game.collapse_options is not None:
        newest = game.collapsing_mark
        for square in game.collapse_options:
            after = game.collapse(f"@{square}")
            assert after.ensemble() == [b for b in boards if b[square - 1] == newest]


def test_the_drawing_has_one_small_board_per_board():
    for record, count in HAND:
        svg = qttt.svg.ensemble(qttt.Game(record))
        root = ET.fromstring(svg)
        groups = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "ensemble-board"]
        assert len(groups) == count
        assert f"{count} classical board" in svg
    with pytest.raises(qttt.QtttError):
        qttt.svg.ensemble(qttt.Game(), columns=0)


@pytest.mark.parametrize("record,count", HAND)
def test_the_drawing_fits_its_picture(record, count):
    # Rendered by Cairo: everything drawn keeps a margin from the edges.
    png = cairosvg.svg2png(bytestring=qttt.svg.ensemble(qttt.Game(record)).encode(), background_color="white")
    image = Image.open(io.BytesIO(png)).convert("L")
    left, top, right, bottom = image.point(lambda v: 255 if v < 250 else 0).getbbox()
    assert left >= 4 and top >= 4 and right <= image.width - 4 and bottom <= image.height - 2
