"""qttt.puzzles: the shipped set, a few of its puzzles proven again with
the solver, and the printable sheet rendered."""

import shutil
import subprocess

import pytest

import qttt
from qttt import puzzles


def test_the_shipped_set_spreads_over_depths_and_themes():
    shipped = puzzles.load()
    assert len(shipped) >= 300
    assert [p.number for p in shipped] == list(range(1, len(shipped) + 1))
    for depth in (1, 2, 3):
        assert len(puzzles.select(shipped, depth=depth)) >= 100
    for theme in puzzles.THEMES:
        assert len(puzzles.select(shipped, theme=theme)) >= 30


def test_the_first_puzzle_as_the_model_has_it():
    # tests/model/perfect_play.py: after 46 45 46 @6 38 17 27 only 17 wins for X.
    first = puzzles.load()[0]
    assert (first.winner, first.depth, first.solution[0]) == ("X", 1, "17")
    assert str(first) == "Puzzle 1: X to play and win in 1 (forcing-cycle)"
    assert first._repr_svg_().startswith("<svg")


@pytest.mark.parametrize("index", [0, 120, 329])
def test_a_shipped_puzzle_has_one_winning_action(index):
    puzzle = puzzles.load()[index]
    solver = qttt.Solver("single")
    sign = 1 if puzzle.winner == "X" else -1
    winning = [
        str(action)
        for action in puzzle.position.legal_actions()
        if sign * solver.solve(puzzle.position.apply(action)).value > 0
    ]
    assert winning == [puzzle.solution[0]]


def test_the_sheet(tmp_path):
    chosen = puzzles.select(puzzles.load(), depth=2)[:8]
    pages = puzzles.sheet(chosen)
    assert len(pages) == 3  # six boards, two boards, the answers
    assert all(page.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm"') for page in pages)
    assert pages[0].count("to play and win in 2") == 6
    assert all(f"<tspan font-weight=\"bold\">{p.number}. {p.solution[0]}</tspan>" in pages[2] for p in chosen)
    with pytest.raises(ValueError):
        puzzles.sheet(puzzles.load()[:81])
    if shutil.which("rsvg-convert"):
        for i, page in enumerate(pages):
            png = tmp_path / f"page{i}.png"
            subprocess.run(["rsvg-convert", "-w", "600", "-o", str(png)], input=page.encode(), check=True)
            assert png.stat().st_size > 5000
