"""qttt.puzzles: the shipped set, a few of its puzzles proven again with
the solver, and the printable sheet rendered."""

import re
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
    # The core's themes (qttt::analysis::puzzles::Theme::ALL), in its order.
    assert puzzles.THEMES == ("collapse-choice", "earlier-line", "forced-ninth-mark", "avoiding-cycle", "forcing-cycle")
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


@pytest.mark.parametrize("paper, size", [("a4", 'width="210mm" height="297mm"'), ("letter", 'width="215.9mm" height="279.4mm"')])
def test_the_sheet(tmp_path, paper, size):
    chosen = puzzles.select(puzzles.load(), depth=2)[:8]
    pages = puzzles.sheet(chosen, paper=paper)
    assert len(pages) == 3  # six boards, two boards, the answers
    assert all(page.startswith(f'<svg xmlns="http://www.w3.org/2000/svg" {size}') for page in pages)
    assert pages[0].count("to act and win in 2.") == 6
    assert pages[0].count('class="board"') == 6 and pages[1].count('class="board"') == 2
    assert all(f'<tspan font-weight="bold">{p.number}. {p.solution[0]}</tspan>' in pages[2] for p in chosen)
    if shutil.which("rsvg-convert"):
        for i, page in enumerate(pages):
            png = tmp_path / f"page{i}.png"
            subprocess.run(["rsvg-convert", "-w", "600", "-o", str(png)], input=page.encode(), check=True)
            assert png.stat().st_size > 5000


def test_the_same_layout_on_both_papers():
    # Only the paper differs: its size, and the frame centred on it.
    chosen = puzzles.load()[:7]
    a4, letter = puzzles.sheet(chosen, paper="a4"), puzzles.sheet(chosen, paper="letter")
    frame = re.compile(r'<svg [^>]*>\n<rect [^>]*/>\n<g transform="translate\([^)]*\)">')
    assert [frame.sub("", page) for page in a4] == [frame.sub("", page) for page in letter]


def test_a_long_sheet_has_as_many_answer_pages_as_it_needs():
    # 75 puzzles: 13 pages of boards (6 a page), then 74 answers (two columns of 37) and one.
    pages = puzzles.sheet(puzzles.load()[:75])
    assert len(pages) == 13 + 2
    assert pages[13].count('font-weight="bold"') == 74 + 1  # the title is bold too
    assert ">75. " in pages[14] and ">74. " not in pages[14]


def test_a_sheet_in_another_language():
    # The words as the German locale file has them (worked in by hand from
    # it): the title, the task, each puzzle's line, the key, the themes.
    chosen = [p for p in puzzles.load() if p.depth == 1 and "collapse-choice" in p.themes][:2]
    pages = puzzles.sheet(chosen, lang="de")
    assert "Quanten-Tic-Tac-Toe: Rätsel (1)" in pages[0]
    assert "Genau eine Aktion gewinnt" in pages[0]
    assert pages[0].count("ist am Zug und gewinnt in 1.") == 2
    assert "Quanten-Tic-Tac-Toe: Rätsel – die Lösungen" in pages[1]
    assert "die Wahl beim Kollaps" in pages[1] and "collapse-choice" not in pages[1]
    assert "das Spiel von Allan Goff" in pages[0] and "Allan Goff's game" not in pages[0]
    with pytest.raises(qttt.QtttError, match="lang must be one of"):
        puzzles.sheet(chosen, lang="fr")


def test_a_sheet_refuses_no_puzzles_and_unknown_paper():
    with pytest.raises(ValueError):
        puzzles.sheet([])
    with pytest.raises(qttt.QtttError, match="paper must be one of a4, letter, not 'a5'"):
        puzzles.sheet(puzzles.load()[:1], paper="a5")


def test_a_puzzle_file_is_read_by_the_core():
    # The position of the first shipped puzzle (the model: only 17 wins for
    # X, then O's collapse choices lose), numbered by its Round tag.
    start = '[Start "46 45 46 @6 38 17 27"]\n'
    (numbered,) = puzzles.load('[Round "9"]\n' + start + '[Puzzle "forcing-cycle"]\n\n17 @1 1-0\n')
    assert (numbered.number, numbered.winner, numbered.depth) == (9, "X", 1)
    assert (numbered.themes, numbered.solution) == (["forcing-cycle"], ["17", "@1"])
    (bare,) = puzzles.load(start + "\n17 @1 1-0\n")
    assert (bare.number, bare.themes) == (None, [])
    # Not puzzles: a line that does not win, a Depth that disagrees, an unknown theme.
    for text in (start + "\n17 *\n", start + '[Depth "2"]\n\n17 @1 1-0\n', start + '[Puzzle "cycle"]\n\n17 @1 1-0\n'):
        with pytest.raises(qttt.QtttError, match="not a puzzle"):
            puzzles.load(text)


def test_the_caption_in_every_language():
    # The shipped set's first puzzle: X to play, one own action (the core's
    # Comment tag in English); the translations as the locale files say it.
    first = puzzles.load()[0]
    assert first.caption() == "X to play and win in 1"
    assert first.caption("nl") == "X is aan zet en wint in 1"
    assert first.caption("ru") == "X начинает и побеждает в 1 ход"
    assert str(first) == "Puzzle 1: X to play and win in 1 (forcing-cycle)"
    assert qttt.parse_games(puzzles.PUZZLES)[0]["tags"]["Comment"] == first.caption()
