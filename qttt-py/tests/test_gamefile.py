"""Game files and reviews from Python: the spec's example, round trips,
bad files with their line and column, and a review whose values come from
the independent model's minimax (tests/model/perfect_play.py)."""

import pathlib
import shutil
import subprocess

import pytest

import qttt

EXAMPLE = (pathlib.Path(__file__).resolve().parents[2] / "qttt/tests/gamefile/example.qgn").read_text()


def test_the_example_reads_as_worked_by_hand():
    (game,) = qttt.parse_games(EXAMPLE)
    assert dict(game["tags"])["X"] == "Ann"
    assert game["scoring"] == "single" and game["start"] == "" and game["result"] == "1-0"
    plies = game["line"]["plies"]
    assert [p["action"] for p in plies] == ["58", "47", "67", "59", "48", "68", "@8"]
    assert plies[5]["glyph"] == "?" and plies[5]["value"] == 2
    assert plies[5]["comment"] == "closes the cycle 8-4-7-6"
    assert [p["action"] for p in plies[5]["variations"][0]["plies"]] == ["19"]
    assert game["line"]["comment"] == "Two separate trees first."


def test_write_gives_the_normal_form_back():
    games = qttt.parse_games(EXAMPLE)
    assert qttt.write_games(games) == EXAMPLE
    assert qttt.parse_games(qttt.write_games(games)) == games
    built = {"line": {"plies": [{"action": "51", "glyph": "!?", "value": -1}]}, "scoring": "goff"}
    text = qttt.write_games([built])
    assert text.endswith('[Scoring "goff"]\n\n1. 15!? {[%value -1/2]} *\n')


def test_bad_files_say_where():
    with pytest.raises(qttt.GameFileError) as caught:
        qttt.parse_games("1. 12 2. 12\n3. 34")
    error = caught.value
    assert (error.line, error.column) == (2, 4)
    assert error.reason.startswith("ply 3 `34`: a collapse choice is pending")
    assert isinstance(error, qttt.QtttError)
    with pytest.raises(qttt.QtttError):
        qttt.write_games([{"line": {"plies": [{"action": "12"}, {"action": "12"}, {"action": "34"}]}}])
    with pytest.raises(qttt.InvalidActionError):
        qttt.write_games([{"line": {"plies": [{"action": "55"}]}}])
    with pytest.raises(TypeError):
        qttt.write_games([{"scoring": 3}])


def test_a_review_as_data_and_as_a_file():
    # The model's values: +1, -1, 0 before plies 7, 8, 9 and -1 at the end
    # (in half points 2, -2, 0, -2); 25, 28 and 58 kept X's win.
    review = qttt.review(qttt.Game("28 14 25 57 49 69 47 79 @9"), first=6)
    assert review.values() == [2, -2, 0, -2]
    assert [s["lost_half_points"] for s in review.steps] == [4, 2, 2]
    assert set(review.steps[0]["best"]) <= {"25", "28", "58"}
    assert review.steps[2]["best"] == ["@7"]
    assert len(review.mistakes) == 3
    (annotated,) = qttt.parse_games(review.to_qgn())
    assert annotated["start"] == "28 14 25 57 49 69" and annotated["result"] == "0-1"
    assert [p["glyph"] for p in annotated["line"]["plies"]] == ["??", "?", "?"]
    assert [s["glyph"] for s in review.steps] == ["??", "?", "?"]
    goff = qttt.review(qttt.Game("58 47 67 59 48 68 @8"), "goff", first=6)
    assert goff.steps[0]["verdict"] == "half_point_lost" and goff.steps[0]["best"] == ["@6"]
    assert goff.steps[0]["glyph"] == "?!"


def test_the_chart_draws(tmp_path):
    review = qttt.review(qttt.Game("28 14 25 57 49 69 47 79 @9"), first=6)
    svg = review._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<circle") == 3 and "7. 47??" in svg
    if shutil.which("rsvg-convert"):
        png = tmp_path / "chart.png"
        subprocess.run(["rsvg-convert", "-o", str(png)], input=svg.encode(), check=True)
        assert png.stat().st_size > 1000


def test_the_chart_speaks_the_language_asked_for():
    review = qttt.review(qttt.Game("28 14 25 57 49 69 47 79 @9"), first=6)
    english = review.svg()
    assert 'xml:lang="en"' in english
    assert "X's value under perfect play (single); mistakes in red" in english and ">after ply<" in english
    german = review.svg(lang="de")
    assert 'xml:lang="de"' in german
    assert "Der Wert für X bei perfektem Spiel (single); Fehler in Rot" in german and ">nach Schritt<" in german
    assert "after ply" not in german
    with pytest.raises(qttt.QtttError, match="lang must be one of"):
        review.svg(lang="fr")
