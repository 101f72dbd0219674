"""qttt.agents: the harness, the scores and the match runner, with scripted
agents and positions whose values were worked out by hand (below)."""

import io
import json
import math
import pathlib
import re

import pytest

import qttt
from qttt.agents import (
    SCORING_TEXT,
    Harness,
    Refusal,
    Scorer,
    parse_answer,
    play_game,
    play_match,
    rules_text,
    scoring_text,
    scripted,
)
from qttt.agents.harness import board_text
from qttt.agents.scoring import expected, fit_rating, fit_ratings

RULES = pathlib.Path(__file__).resolve().parents[2] / "docs" / "RULES.md"

# 1X1 2O2 3X3 4X5 5O4 6O6, X to place mark 7 in two of the free squares 7, 8, 9
# (tests/model/make_vectors.py's XOXO opening). X needs 7 (1-4-7), O needs 8
# (2-5-8); X ends with two of 7, 8, 9 and O with one. Worked out by hand:
# - O ends in 9: X wins; O in 7: draw; O in 8: both lines, X's 1-4-7 is the
#   earlier iff X7 (not X9) is in 7.
# - X 78: O 78 lets X choose @8 (X7 in 7, O8 in 8: X wins, both lines), O 79
#   and O 89 let X9 repeat 78 (X wins, X's line only). Value: X wins; under
#   Goff's scoring 1/2 (O 78 leaves X only the line of both players).
# - X 79: O 78 holds the draw (X9 89, then O chooses @8). X 89: O 78 or 79,
#   draw. So 78 is the only winning action: 79 and 89 give the win away to
#   a draw (a loss of 1), under Goff's scoring the half point (1/2).
XOXO = "12 12 @2 35 35 @5 46 46 @6"


def test_the_rules_prompt_is_rules_md_verbatim():
    """Every section of the shipped prompt is RULES.md's section of the same
    title, word for word; RULES.md's sections left out are the published
    scoring (the harness states the match's scoring instead) and the worked
    example's pointer to the project's test vectors."""

    def sections(text):
        return {part.split("\n", 1)[0]: part.split("\n", 1)[1].strip() for part in re.split(r"(?m)^## ", text)[1:]}

    rules = sections(RULES.read_text())
    prompt = sections(rules_text())
    assert set(rules) - set(prompt) == {"Published scoring (analysis only)"}
    assert set(prompt) <= set(rules)
    example = "Worked example (public test vector)"
    assert rules[example].startswith(prompt[example])
    assert rules[example][len(prompt[example]):].strip().startswith("More public vectors live in the project's")
    for title in set(prompt) - {example}:
        assert prompt[title] == rules[title], title


SEEDS = RULES.parent / "seeds"
# The seed texts, by language (each opens with the game's name in it).
SEED_OPENINGS = {
    "nl": "Wat is Kwantum-boter-kaas-en-eieren?",
    "ru": "Что такое Квантовые крестики-нолики?",
    "da": "Hvad er Kvante-kryds og bolle?",
    "de": "Was ist Quanten-Tic-Tac-Toe?",
}


@pytest.mark.parametrize("language", sorted(SEED_OPENINGS))
def test_the_rules_in_another_language_are_the_seed_text(language):
    """Each shipped translation is, byte for byte, the project's seed text in
    that language (docs/seeds/), and a harness in that language opens with it
    and ends with the scoring sentence in that language."""
    text = rules_text(language)
    seeds = [path for path in SEEDS.iterdir() if path.read_text(encoding="utf-8").startswith(SEED_OPENINGS[language])]
    assert len(seeds) == 1
    assert text == seeds[0].read_text(encoding="utf-8")
    intro = Harness(language=language).intro()
    assert intro.startswith(SEED_OPENINGS[language])
    assert intro.endswith("\n\n" + scoring_text("single", language))


# A word of each language's scoring sentences, as the seed texts say "point"
# (docs/seeds/: punt, очко, point, Punkt); English's as RULES.md says it.
POINT_WORDS = {"en": "1 point", "nl": "1 punt", "ru": "1 очко", "da": "1 point", "de": "1 Punkt"}


@pytest.mark.parametrize("language", sorted(POINT_WORDS))
def test_the_scoring_sentences_are_in_the_harness_language(language):
    """Every scoring's sentence exists in every language, names a point in
    the seed texts' word, and differs between the scorings; each non-English
    one differs from English (it is translated, not copied)."""
    texts = {scoring: scoring_text(scoring, language) for scoring in qttt.SCORINGS}
    assert len(set(texts.values())) == len(qttt.SCORINGS)
    for scoring, text in texts.items():
        assert POINT_WORDS[language] in text, (scoring, text)
        assert (text == SCORING_TEXT[scoring]) == (language == "en")
    assert Harness(language=language, scoring="goff").intro().endswith(texts["goff"])


def test_an_unknown_scoring_is_refused():
    with pytest.raises(ValueError, match="scorings are"):
        scoring_text("elo")
    with pytest.raises(ValueError, match="scorings are"):
        Harness(scoring="elo")


def test_an_unknown_rules_language_is_refused():
    with pytest.raises(ValueError, match="rule languages are"):
        rules_text("fr")
    with pytest.raises(ValueError, match="rule languages are"):
        Harness(language="fr")


@pytest.mark.parametrize(
    "answer, token",
    [
        ("@8", "@8"),
        ("I choose **@6**.", "@6"),
        ("Not 12 (a collapse is pending) but `@8`", "@8"),
        ("@6 first thought, @8 final", "@8"),
        ("@8 is better than @6 I think, so: @6", "@6"),
    ],
)
def test_the_parser_takes_the_last_legal_token(answer, token):
    game = qttt.Game("58 47 67 59 48 68")
    assert parse_answer(game, answer) == qttt.Action(token)


def test_the_parser_refuses_with_the_engine_reason():
    game = qttt.Game("58 47 67 59 48 68")
    none = parse_answer(game, "I would rather not say.")
    assert isinstance(none, Refusal) and none.token is None and none.reason == "no_token"
    assert "holds no action token" in none.message
    pending = parse_answer(game, "I play 12")
    assert (pending.token, pending.reason) == ("12", "collapse_pending")
    assert pending.message.startswith("Your action 12 is not legal here: ")
    same = parse_answer(game, "55 then")
    assert (same.token, same.reason) == ("55", "same_square_twice")
    assert parse_answer(qttt.Game("15"), "15 21 51") == qttt.Action("15")  # 51 is the token 15, legal
    assert parse_answer(qttt.Game("12"), "I say 21") == qttt.Action("12")


def test_the_prompt_shows_what_is_asked():
    game = qttt.Game("58 47 67 59 48 68")
    board = Harness(position=("board",), list_legal=False).prompt(game)
    assert board_text(game) in board and "Record:" not in board and "Legal actions" not in board
    assert "You play X. O6 closed a cycle: you choose where it lands, @6 or @8." in board
    full = Harness(position=("json", "record")).prompt(game)
    assert f"JSON view: {game.view()}" in full and "Record: 58 47 67 59 48 68" in full
    assert full.index("JSON view") < full.index("Record:")
    assert "Legal actions: @6 @8" in full
    assert "Goff's published scoring" in Harness(scoring="goff").prompt(game)
    assert "Record: (empty board, no action yet)" in Harness().prompt(qttt.Game())
    with pytest.raises(ValueError):
        Harness(position=("picture",))
    with pytest.raises(ValueError):
        Harness(scoring="points")
    with pytest.raises(ValueError):
        Harness().prompt(qttt.Game("58 47 67 59 48 68 @8"))


def test_scores_of_the_hand_worked_position():
    game = qttt.Game(XOXO)
    single, goff = Scorer("single"), Scorer("goff")
    kept = single.score(game, qttt.Action("78"))
    assert (kept.before, kept.after, kept.lost, kept.kept, kept.verdict) == (1, 1, 0, True, "kept")
    assert kept.best == ("78",) and kept.player == "X" and kept.ply == 10
    for token in ("79", "89"):
        lost = single.score(game, qttt.Action(token))
        assert (lost.before, lost.after, lost.lost, lost.verdict) == (1, 0, 1, "win_given_away")
        half = goff.score(game, qttt.Action(token))
        assert (half.before, half.after, half.lost) == (0.5, 0, 0.5)
        assert half.verdict == "win_given_away"  # half a point ahead is a won position
    assert goff.score(game, qttt.Action("78")).kept
    forfeit = single.score(game, None)
    assert (forfeit.action, forfeit.after, forfeit.lost, forfeit.verdict) == (None, -1, 2, "forfeit")
    # O after X 78 is lost (see above): forfeiting loses nothing more, yet is not kept.
    lost = single.score(game.play("78"), None)
    assert (lost.before, lost.lost, lost.kept) == (-1, 0, False)
    # O after X 78, seen from O: every action loses under "single" (kept);
    # under Goff's scoring only 78 keeps O's half point.
    after = game.play("78")
    assert all(single.score(after, a).kept for a in after.legal_actions())
    assert goff.score(after, qttt.Action("78")).kept
    for token in ("79", "89"):
        o = goff.score(after, qttt.Action(token))
        assert (o.player, o.before, o.after, o.lost, o.verdict) == ("O", -0.5, -1, 0.5, "half_point_lost")


def _scripted_game(scoring, retry=False):
    x = scripted.script(["Let me see... 79", "89 then"], "x")
    o = scripted.script(["78", "@9 looks good"], "o")
    if retry:
        x, o = scripted.needs_retry(x), scripted.needs_retry(o)
    return play_game(x, o, harness=Harness(scoring=scoring), start=XOXO)


def test_a_scripted_game_scored_by_hand():
    # X 79 gives the win away (draw); O 78 and X 89 hold the draw; O's @9
    # (X9 in 9, X7 forced to 7, O8 to 8) gives it away: both players' lines,
    # X's 1-4-7 (highest 7) before O's 2-5-8 (highest 8).
    trace = _scripted_game("single")
    assert trace.record == XOXO + " 79 78 89 @9"
    assert trace.value == 1 and trace.forfeit is None
    assert [(s.action, s.lost) for s in trace.scores("X")] == [("79", 1), ("89", 0)]
    assert [(s.action, s.lost) for s in trace.scores("O")] == [("78", 0), ("@9", 1)]
    goff = _scripted_game("goff")
    assert goff.value == 0.5
    assert [s.lost for s in goff.scores("X")] == [0.5, 0]
    assert [s.lost for s in goff.scores("O")] == [0, 0.5]


def test_an_agent_that_needs_a_retry():
    trace = _scripted_game("single", retry=True)
    assert trace.record == XOXO + " 79 78 89 @9"
    for turn in trace.turns:
        first, second = turn["attempts"]
        assert first["answer"] == "I will play 55!" and first["refusal"]["reason"] == "same_square_twice"
        assert second["refusal"] is None and "Your previous answer was:\nI will play 55!" in second["prompt"]
    # No retry allowed: the first refusal forfeits (the empty script is never asked).
    trace = play_game(scripted.needs_retry(scripted.script([])), "random", harness=Harness(error_allowance=0), start=XOXO)
    assert trace.forfeit == "X" and len(trace.turns[0]["attempts"]) == 1


def test_a_nonsense_agent_forfeits():
    for allowance in (0, 1, 3):
        trace = play_game(scripted.nonsense_agent, "perfect", harness=Harness(error_allowance=allowance), start=XOXO)
        assert trace.record == XOXO and trace.forfeit == "X" and trace.value == -1
        (turn,) = trace.turns
        assert len(turn["attempts"]) == allowance + 1 and turn["action"] is None
        assert all(a["refusal"]["reason"] == "no_token" for a in turn["attempts"])
        assert turn["score"].lost == 2  # a won position forfeited


def test_the_perfect_agent_keeps_every_value():
    trace = play_game(scripted.perfect_agent(), "perfect", start=XOXO)
    assert trace.value == 1
    assert all(s.kept for s in trace.scores("X")) and all(s.kept for s in trace.scores("O"))
    match = play_match(scripted.perfect_agent(seed=3), ["random", "mcts"], games=2, seed=5)
    assert match.kept_rate() == 1 and match.lost() == 0


def test_a_random_agent_match_and_its_trace():
    out = io.StringIO()
    match = play_match(scripted.random_agent(seed=7), ["random", "perfect"], games=3, seed=11, trace=out,
                       harness=Harness(position=("json",)))
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(lines) == len(match.games) == 6
    results = match.results()
    assert {name: row["games"] for name, row in results.items()} == {"random": 3, "perfect": 3}
    for line, trace in zip(lines, match.games):
        assert line["record"] == trace.record and qttt.Game(line["record"]).is_over
        assert line["agent"] == ("X" if line["game"] % 3 != 1 else "O")
        assert line["players"][line["agent"]] == "random_agent"
        other = "O" if line["agent"] == "X" else "X"
        assert line["players"][other] in ("random", "perfect")
        assert [t["action"] for t in line["turns"]] == line["record"].split()
        (game_file,) = qttt.parse_games(line["game_file"])
        assert dict(game_file["tags"])["X"] == line["players"]["X"]
        assert game_file["result"] == {1: "1-0", 0: "1/2-1/2", -1: "0-1"}[line["value"]]
        assert [ply["action"] for ply in game_file["line"]["plies"]] == line["record"].split()
        for turn in line["turns"]:
            assert (turn["player"] == line["agent"]) == bool(turn["attempts"])
            for attempt in turn["attempts"]:
                assert attempt["refusal"] is None and attempt["seconds"] >= 0
                assert "JSON view: " in attempt["prompt"]
    for row in results.values():
        assert row["wins"] + row["draws"] + row["losses"] == row["games"] and row["forfeits"] == 0
        assert row["kept"] <= row["actions"] and row["retries"] == 0
    # The same seeds play the same games.
    again = play_match(scripted.random_agent(seed=7), ["random", "perfect"], games=3, seed=11,
                       harness=Harness(position=("json",)))
    assert [g.record for g in again.games] == [g.record for g in match.games]


def test_the_rating_arithmetic():
    assert expected(0, 0) == 0.5
    assert math.isclose(expected(400, 0), 10 / 11)
    # 3 wins in 3 and a virtual draw: 3.5 of 4, so 10^(r/400) = 0.875 / 0.125 = 7.
    assert math.isclose(fit_rating({"a": (3, 3)}, {"a": 0}), 400 * math.log10(7), abs_tol=1e-6)
    assert math.isclose(fit_rating({"a": (1.5, 3)}, {"a": 100}), 100, abs_tol=1e-6)
    # Even against anchors at -200 and +200: the middle.
    assert math.isclose(fit_rating({"a": (1, 2), "b": (1, 2)}, {"a": -200, "b": 200}), 0, abs_tol=1e-6)
    # b wins 3 of 3 against the pinned a (r_b = 400 log10 7); c draws b.
    ratings = fit_ratings({("a", "b"): (0, 3), ("b", "c"): (2, 4)}, pinned="a")
    assert ratings["a"] == 0
    assert math.isclose(ratings["b"], 400 * math.log10(7), abs_tol=1e-3)
    assert math.isclose(ratings["c"], ratings["b"], abs_tol=1e-3)
    with pytest.raises(ValueError):
        fit_rating({}, {"a": 0})


def test_the_report_of_a_forfeited_match():
    from qttt.agents.report import Report

    match = play_match(scripted.nonsense_agent, ["random"], games=1, start=XOXO)
    report = Report(match, {"random": 0.0})
    assert report.rows() == [["random", 1, 0, 0, 1, 1, 0.0, 1, 0.0, 2.0, 1]]
    # 0 of 1 and a virtual draw: 1/4, so 10^(r/400) = 1/3.
    assert math.isclose(report.rating, -400 * math.log10(3), abs_tol=1e-6)
    text = str(report)
    assert text.splitlines()[0].split() == ["opponent", "games", "wins", "draws", "losses", "forfeits", "score",
                                            "actions", "kept_rate", "lost", "retries"]
    assert "nonsense_agent: 0.0% of its actions kept the value, 2 lost in all (single scoring); rating -191" in text
    page = report._repr_html_()
    assert page.count("<tr>") == 2 and "<svg" in page and "<title>losses: 1</title>" in page


def test_the_package_examples():
    import doctest

    import qttt.agents

    failed, tried = doctest.testmod(qttt.agents)
    assert tried and not failed


def test_the_guide_evaluates_a_model_in_ten_lines(tmp_path, monkeypatch):
    """docs/agents.md's first example, as written, with a scripted model and
    one game a pair instead of twenty."""
    guide = (RULES.parent / "agents.md").read_text()
    code = guide.split("```python\n", 1)[1].split("```", 1)[0]
    assert len(code.strip().splitlines()) <= 10
    code = code.replace("games=20", "games=1")
    monkeypatch.chdir(tmp_path)

    class Model:
        generate = staticmethod(scripted.random_agent(seed=4))

    namespace = {"my_model": Model()}
    exec(compile(code, "docs/agents.md", "exec"), namespace)
    assert len((tmp_path / "trace.jsonl").read_text().splitlines()) == 3
    assert namespace["match"].agent == "agent"


def test_a_trace_can_store_the_rules_once():
    harness = Harness(position=("record",))
    each, once = io.StringIO(), io.StringIO()
    play_match(scripted.random_agent(seed=7), ["random"], games=2, seed=11, trace=each, harness=harness)
    play_match(scripted.random_agent(seed=7), ["random"], games=2, seed=11, trace=once, harness=harness,
               trace_rules="once")
    full = [json.loads(line) for line in each.getvalue().splitlines()]
    head, *short = [json.loads(line) for line in once.getvalue().splitlines()]
    assert head == {"intro": harness.intro()} and len(short) == len(full) == 2
    for a, b in zip(full, short):
        for turn_a, turn_b in zip(a["turns"], b["turns"]):
            for attempt_a, attempt_b in zip(turn_a["attempts"], turn_b["attempts"]):
                # The whole prompt is the intro, a blank line, then what the short trace keeps.
                assert attempt_a["prompt"] == head["intro"] + "\n\n" + attempt_b["prompt"]
                assert "## Collapse" not in attempt_b["prompt"]
    assert len(once.getvalue()) < len(each.getvalue()) / 2
    with pytest.raises(ValueError, match="trace_rules"):
        play_match(scripted.random_agent(), ["random"], games=1, trace_rules="never")


def test_the_board_s_legend_is_not_beside_a_row():
    text = Harness(position=("board",)).position_text(qttt.Game("58 47"))
    lines = text.splitlines()
    # Rows of the board are drawn between + lines; no such line ends in square numbers.
    assert not any(line.startswith("|") and not line.endswith("|") for line in lines)
    assert lines[-1] == "Squares are numbered 1 2 3 (top row), 4 5 6 (middle row), 7 8 9 (bottom row)."
