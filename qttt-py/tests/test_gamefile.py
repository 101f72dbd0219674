"""Game files and reviews from Python: the spec's example, round trips,
bad files with their line and column, and a review whose values come from
the independent model's minimax (tests/model/perfect_play.py)."""

import json
import pathlib
import shutil
import subprocess

import pytest

import qttt

EXAMPLE = (pathlib.Path(__file__).resolve().parents[2] / "qttt/tests/gamefile/example.qgn").read_text()


def test_the_example_reads_as_worked_by_hand():
    (game,) = qttt.parse_games(EXAMPLE)
    # The roster in its order, then the file's other tags in theirs.
    assert list(game["tags"].items()) == [
        ("Event", "Club night"),
        ("Site", "Utrecht"),
        ("Date", "2026.11.30"),
        ("Round", "3"),
        ("X", "Ann"),
        ("O", "Bob"),
        ("TimeControl", "300+5"),
        ("Comment", "The worked example of RULES.md"),
    ]
    assert game["scoring"] == "single" and game["start"] == "" and game["result"] == "1-0"
    plies = game["line"]["plies"]
    assert [p["action"] for p in plies] == ["58", "47", "67", "59", "48", "68", "@8"]
    # [%value +1]: X wins, one point (X's points minus O's, as Solution.value).
    assert plies[5]["glyph"] == "?" and plies[5]["value"] == 1.0 and plies[5]["nags"] == []
    assert plies[5]["comment"] == "closes the cycle 8-4-7-6"
    assert [p["action"] for p in plies[5]["variations"][0]["plies"]] == ["19"]
    assert game["line"]["comment"] == "Two separate trees first."


def test_write_gives_the_normal_form_back():
    games = qttt.parse_games(EXAMPLE)
    assert qttt.write_games(games) == EXAMPLE
    assert qttt.parse_games(qttt.write_games(games)) == games
    built = {"line": {"plies": [{"action": "51", "glyph": "!?", "value": -0.5}]}, "scoring": "goff"}
    text = qttt.write_games([built])
    assert text.endswith('[Scoring "goff"]\n\n1. 15!? {[%value -1/2]} *\n')
    # 1 means X wins: a whole point, not half of one.
    wins = qttt.write_games([{"line": {"plies": [{"action": "15", "value": 1}]}}])
    assert wins.endswith("1. 15 {[%value +1]} *\n")


def test_the_games_are_json_and_come_back_from_it():
    text = EXAMPLE.replace("6. 68?", "6. 68? $10 $200")
    games = qttt.parse_games(text)
    assert games[0]["line"]["plies"][5]["nags"] == [10, 200]
    again = json.loads(json.dumps(games))
    assert again == games
    assert qttt.write_games(again) == qttt.write_games(games)
    assert qttt.parse_games(qttt.write_games(again)) == games
    # Tags as (name, value) pairs are taken too.
    pairs = dict(games[0], tags=list(games[0]["tags"].items()))
    assert qttt.write_games([pairs]) == qttt.write_games(games)


def test_a_value_that_is_not_a_whole_number_of_half_points_is_refused():
    for value in (0.25, 2, -1.5, float("nan")):
        with pytest.raises(qttt.QtttError, match="is not a value"):
            qttt.write_games([{"line": {"plies": [{"action": "15", "value": value}]}}])
    with pytest.raises(TypeError, match='"value" has the wrong type'):
        qttt.write_games([{"line": {"plies": [{"action": "15", "value": "+1"}]}}])
    with pytest.raises(TypeError, match='"tags" has the wrong type'):
        qttt.write_games([{"tags": {"X": 1}}])


def test_write_takes_games():
    worked = "58 47 67 59 48 68 @8"
    text = qttt.write_games([qttt.Game(worked), qttt.Game("15")])
    # X's line 4-5-6 is earlier than O's 7-8-9: 1-0; the other game goes on.
    assert "\n\n1. 58 2. 47 3. 67 4. 59 5. 48 6. 68 @8 1-0\n" in text
    assert text.endswith("\n\n1. 15 *\n")
    assert [g["line"]["plies"][-1]["action"] for g in qttt.parse_games(text)] == ["@8", "15"]
    with pytest.raises(TypeError, match="takes Game objects and dicts"):
        qttt.write_games([worked])


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
    # in points; each action lost the difference from its mover's side: X
    # 2 (a win for a loss), O 1, X 1. 25, 28 and 58 kept X's win.
    review = qttt.review(qttt.Game("28 14 25 57 49 69 47 79 @9"), first=6)
    assert review.values() == [1.0, -1.0, 0.0, -1.0]
    assert [s["lost"] for s in review.steps] == [2.0, 1.0, 1.0]
    assert review.final_value == -1.0
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
    # Goff's points: @6 keeps X's single line (1), @8 gives both lines, X's first (1/2).
    assert (goff.steps[0]["before"], goff.steps[0]["after"], goff.steps[0]["lost"]) == (1.0, 0.5, 0.5)


def test_a_review_file_in_every_language():
    game = qttt.Game("28 14 25 57 49 69 47 79 @9")
    flat = lambda review: " ".join(review.to_qgn().split())  # noqa: E731 (the writer wraps lines)
    # English, byte for byte as before (the core's words, tests/review.rs).
    english = flat(qttt.review(game, first=6))
    assert "{Value at the start: +1} 7. 47?? {[%value -1] X gives away the win; best: 25, 28, 58}" in english
    assert "@9? {[%value -1] X gives away the draw; best: @7}" in english
    assert flat(qttt.review(game, first=6, lang="en")) == english
    # German, from de.ftl (written by hand here): the same data, other words.
    german = qttt.review(game, first=6, lang="de")
    assert "{Wert zu Beginn: +1} 7. 47?? {[%value -1] X gibt den Sieg aus der Hand; am besten: 25, 28, 58}" in flat(german)
    assert "O gibt den Sieg aus der Hand; am besten: 16, 19, 69" in flat(german)
    assert german.steps == qttt.review(game, first=6).steps
    (parsed,) = qttt.parse_games(german.to_qgn())
    assert [p["glyph"] for p in parsed["line"]["plies"]] == ["??", "?", "?"]
    for lang in qttt.LANGUAGES:
        (parsed,) = qttt.parse_games(qttt.review(game, first=6, lang=lang).to_qgn())
        assert all(p["comment"] for p in parsed["line"]["plies"]), lang
    # Half a point lost under Goff's points: @8 gives both lines, X's first
    # (+1 before, +1/2 after; @6 kept X's single line).
    goff = qttt.review(qttt.Game("58 47 67 59 48 68 @8"), "goff", first=6)
    assert "{Value at the start: +1} @8?! {[%value +1/2] X loses half a point; best: @6}" in flat(goff)
    goff_da = qttt.review(qttt.Game("58 47 67 59 48 68 @8"), "goff", first=6, lang="da")
    assert "{Værdi ved starten: +1} @8?! {[%value +1/2] X taber et halvt point; bedst: @6}" in flat(goff_da)
    with pytest.raises(qttt.QtttError, match="lang must be one of"):
        qttt.review(game, first=6, lang="xx")


def test_the_chart_labels_its_values_from_the_locale_files():
    from qttt.reviews import VALUES, value_text

    assert [value_text(v) for v in VALUES] == ["+1", "+1/2", "0", "-1/2", "-1"]
    chart = qttt.review(qttt.Game("58 47 67 59 48 68 @8"), "goff", first=6).svg(lang="nl")
    for label in ["+1", "+1/2", "0", "-1/2", "-1"]:
        assert f'text-anchor="end">{label}</text>' in chart


def test_a_review_of_a_game_file_keeps_its_tags():
    from_text = qttt.review(EXAMPLE, first=6)
    (parsed,) = qttt.parse_games(EXAMPLE)
    from_dict = qttt.review(parsed, first=6)
    for review in (from_text, from_dict):
        assert (review.tags["X"], review.tags["O"], review.tags["Event"]) == ("Ann", "Bob", "Club night")
        assert review.tags["Annotator"] == "qttt review (perfect play)"
        (annotated,) = qttt.parse_games(review.to_qgn())
        assert annotated["tags"] == review.tags
        # 68 closes the cycle; X then chooses @8 and wins: nothing lost.
        assert [s["action"] for s in review.steps] == ["@8"] and review.mistakes == []
        assert review.final_value == 1.0
    assert qttt.review(qttt.Game("15"), first=1).tags["X"] == "?"


def test_a_review_of_a_game_file_takes_its_scoring_and_start():
    text = '[Scoring "goff"]\n\n1. 58 2. 47 3. 67 4. 59 5. 48 6. 68 @8 1-1/2\n'
    goff = qttt.review(text, first=6)
    assert goff.scoring == "goff" and goff.final_value == 0.5 and goff.steps[0]["verdict"] == "half_point_lost"
    single = qttt.review(text, "single", first=6)
    assert single.scoring == "single" and single.final_value == 1.0 and single.mistakes == []
    started = qttt.review({"start": "58 47 67 59 48 68", "line": {"plies": [{"action": "@8"}]}})
    assert [(s["ply"], s["action"]) for s in started.steps] == [(7, "@8")]
    with pytest.raises(qttt.QtttError, match="the text of one game, not 2"):
        qttt.review(EXAMPLE + "\n" + EXAMPLE)
    with pytest.raises(qttt.GameFileError):
        qttt.review("1. 12 2. 12\n3. 34")
    with pytest.raises(TypeError, match="review\\(\\) takes a Game"):
        qttt.review(12)  # type: ignore[arg-type]


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


def test_results_and_endings_are_the_cores():
    # The terminators of docs/gamefile.md with X's points minus O's, by hand.
    assert dict(qttt.RESULTS) == {"1-0": 1.0, "0-1": -1.0, "1/2-1/2": 0.0, "1-1/2": 0.5, "1/2-1": -0.5, "*": None}
    assert qttt.ENDINGS == ("line", "draw", "resign", "time", "forfeit")


def test_a_review_with_a_solver_keeps_its_table():
    game = qttt.Game("28 14 25 57 49 69 47 79 @9")
    solver = qttt.Solver("single")
    fresh = qttt.review(game, first=6)
    kept = qttt.review(game, first=6, solver=solver)
    assert kept.steps == fresh.steps and kept.to_qgn() == fresh.to_qgn()
    assert solver.table_len > 0
    # The same answers again, from the table.
    assert qttt.review(game, "single", first=6, solver=solver).steps == fresh.steps
    with pytest.raises(qttt.QtttError, match="not the solver's"):
        qttt.review(game, "goff", solver=solver)


def test_a_bad_dict_says_where():
    # Read by the core's serde: each refusal names the value's place.
    ply = lambda **fields: {"line": {"plies": [{"action": "15"}, {"action": "26"}, dict(action="37", **fields)]}}
    with pytest.raises(qttt.QtttError, match=r'^games\[1\]\.line\.plies\[2\]\.glyph: "\?!\?" is not an annotation glyph'):
        qttt.write_games([{}, ply(glyph="?!?")])
    with pytest.raises(TypeError, match=r'"comment" has the wrong type: games\[0\]\.line\.plies\[2\]\.comment'):
        qttt.write_games([ply(comment=7)])
    with pytest.raises(qttt.QtttError, match=r"^games\[0\]\.line\.plies\[2\]\.nags\[0\]: \$2 is a glyph"):
        qttt.write_games([ply(nags=[2])])
    # After 15 15 a cycle waits for X's choice: no move (by hand).
    with pytest.raises(qttt.QtttError, match=r"^games\[0\]: line\.plies\[2\]\.action: `34` at ply 3"):
        qttt.write_games([{"line": {"plies": [{"action": "15"}, {"action": "15"}, {"action": "34"}]}}])
    with pytest.raises(qttt.InvalidActionError):
        qttt.write_games([{"line": {"plies": [{"glyph": "!"}]}}])
    with pytest.raises(qttt.QtttError, match=r"^games\[0\]: tags\[0\]: Result is not a tag here"):
        qttt.write_games([{"tags": {"Result": "1-0"}}])
    with pytest.raises(qttt.QtttError, match=r"^game\.start: "):
        qttt.review({"start": "15 99"})
