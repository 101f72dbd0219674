"""The Python surface: typed values, errors, equality, pickling, threads."""

import copy
import pickle
import threading
import xml.etree.ElementTree as ET

import pytest

import qttt
from qttt import Action, CollapseChoice, CollapseStep, Game, Line, Mark, Move, Outcome, Phase, Player, Symmetry

WORKED = "58 47 67 59 48 68 @8"


def test_play_accepts_objects_and_tokens_and_ids_only_as_actions():
    by_object = Game().play(Move(1, 5))
    by_token = Game().play("51")
    by_id = Game().apply(3)  # "15" is id 3
    by_action = Game().apply(Action("15"))
    assert by_object == by_token == by_id == by_action
    assert by_object.record == "15"
    cycle = by_object.play("15")
    assert cycle.collapse(CollapseChoice(1)) == cycle.collapse("@1") == cycle.apply(Action.from_id(45))
    assert Action(45) == Action.from_id(45) == Action("@1")


@pytest.mark.parametrize("method", ["play", "collapse"])
def test_play_and_collapse_never_take_an_int_for_a_token(method):
    # game.play(15) would otherwise play action id 15, which is "34".
    with pytest.raises(TypeError) as error:
        getattr(Game(), method)(15)
    assert f"{method}('15')" in str(error.value) and "apply(15)" in str(error.value)


def test_ids_go_through_apply_and_action():
    assert Game().apply(15).record == "34"  # the action with id 15
    assert Game().play("15").record == "15"  # the token


def test_queries_follow_the_rules():
    game = Game.from_record("12 34 56 23 78 13")
    assert (game.phase, game.current_player, game.move_number) == (Phase.COLLAPSE, Player.X, 7)
    assert game.collapse_options == (1, 3)
    assert game.collapsing_mark == Mark(6)
    assert game.spooky_marks(3) == [Mark(2), Mark(4), Mark(6)]
    after = game.collapse("@3")
    assert [str(after.classical(s)) for s in (1, 2, 3, 4)] == ["X1", "O4", "O6", "O2"]
    assert after.classical(5) is None
    assert after.marks()[2] == (Mark(3), (5, 6))
    assert Move("51").squares == (1, 5) and Move(7).squares == (7,)
    assert after.outcome is None and not after.is_over
    assert after.undo() == game
    assert Game().undo() is None


def test_outcome_and_lines():
    outcome = Game.from_record(WORKED).outcome
    assert outcome.winner is Player.X and not outcome.is_draw and outcome.both_players_have_lines
    assert [(line.squares, line.player, line.highest.number) for line in outcome.lines] == [
        ((4, 5, 6), Player.X, 5),
        ((7, 8, 9), Player.O, 6),
    ]
    draw = Game.from_record("12 12 @2 35 35 @5 46 46 @6 78 78 @7 9").outcome
    assert draw.is_draw and draw.lines == ()


@pytest.mark.parametrize(
    "call, reason",
    [
        (lambda g: g.play("@5"), "wrong_action_kind"),
        (lambda g: g.collapse("15"), "wrong_action_kind"),
        (lambda g: g.apply("5x"), "malformed_token"),
        (lambda g: g.apply("55"), "same_square_twice"),
        (lambda g: g.apply(54), "invalid_action_id"),
        (lambda g: g.apply(-1), "invalid_action_id"),
        (lambda g: g.apply(10**30), "invalid_action_id"),
        (lambda g: Action.from_id(54), "invalid_action_id"),
        (lambda g: Move(3, 3), "same_square_twice"),
        (lambda g: Move("@5"), "wrong_action_kind"),
        (lambda g: CollapseChoice("15"), "wrong_action_kind"),
    ],
)
def test_what_is_not_an_action_raises_invalid_action_error(call, reason):
    game = Game()
    with pytest.raises(qttt.InvalidActionError) as error:
        call(game)
    assert error.value.reason == reason
    assert not isinstance(error.value, qttt.IllegalActionError)
    assert game == Game()


@pytest.mark.parametrize(
    "call, reason",
    [
        (lambda g: g.collapse("@1"), "no_collapse_pending"),
        (lambda g: g.play("5"), "classical_move_not_allowed"),
        (lambda g: g.play("15").play("15").collapse("@9"), "not_collapse_option"),
    ],
)
def test_an_action_not_legal_here_raises_illegal_action_error(call, reason):
    game = Game()
    with pytest.raises(qttt.IllegalActionError) as error:
        call(game)
    assert error.value.reason == reason
    assert game == Game()


def test_wrong_kind_messages_say_what_was_given_the_same_everywhere():
    # play() and collapse() refuse the other kind as the Move and
    # CollapseChoice constructors do (the core's parse), token or object.
    move_expected = "`@5`: a collapse choice was given where a move (such as 15 or 7) is expected"
    for call in (lambda: Game().play("@5"), lambda: Game().play(CollapseChoice(5)), lambda: Move("@5")):
        with pytest.raises(qttt.InvalidActionError) as error:
            call()
        assert str(error.value) == move_expected
    choice_expected = "`12`: a move was given where a collapse choice (such as @5) is expected"
    for call in (lambda: Game("15 15").collapse("12"), lambda: Game("15 15").collapse(Move(1, 2)), lambda: CollapseChoice("12")):
        with pytest.raises(qttt.InvalidActionError) as error:
            call()
        assert str(error.value) == choice_expected


def test_is_legal_answers_for_every_str_and_action():
    game = Game()
    assert game.is_legal("15") and game.is_legal(Move(1, 5)) and game.is_legal(Action.from_id(0))
    for text in ("99", "55", "@5", "5", "hello", "", "1 5"):
        assert game.is_legal(text) is False, text
    assert game.is_legal(0) and not game.is_legal(36) and not game.is_legal(54) and not game.is_legal(-1)
    for wrong in (None, 1.5, True):
        with pytest.raises(TypeError):
            game.is_legal(wrong)


def test_the_vocabulary_is_the_core_s():
    # Python's reason codes and scoring names are the core's (qttt.REASONS
    # and qttt.SCORINGS come from Rust); the documented Literal types match.
    import typing

    from qttt import types

    assert [number for number, _, _ in qttt.REASONS] == sorted(number for number, _, _ in qttt.REASONS)
    codes = [code for _, code, _ in qttt.REASONS]
    assert list(typing.get_args(types.ReasonCode)) == codes
    assert list(typing.get_args(types.ScoringName)) == list(qttt.SCORINGS) == ["single", "goff", "complete"]
    assert list(typing.get_args(types.OpponentName)) == list(qttt.OPPONENTS) == ["random", "mcts", "perfect"]
    assert dict((code, number) for number, code, _ in qttt.REASONS)["game_over"] == 22
    with pytest.raises(qttt.QtttError, match="single, goff or complete"):
        Game().solve("bogus")


@pytest.mark.parametrize(
    "call",
    [
        lambda: Game().apply(1.5),
        lambda: Game().apply(None),
        lambda: Game().apply(True),
        lambda: Game().play([1, 5]),
        lambda: Game().classical("5"),
        lambda: Game().transform(1),
        lambda: Move(1.0, 5),
        lambda: Mark("5"),
        lambda: Game(5),
    ],
)
def test_wrong_types_raise_type_error(call):
    with pytest.raises(TypeError):
        call()


def test_out_of_range_values_raise_qttt_error():
    calls = (
        lambda: Game().classical(0),
        lambda: Game().spooky_marks(10),
        lambda: Mark(10),
        lambda: Move(0, 10),
        lambda: Game().svg(size=-5),
        lambda: Symmetry.from_index(8),
        lambda: Line((1, 2, 4), Player.X, Mark(5)),
        lambda: Line((1, 2, 3), Player.O, Mark(5)),
        lambda: Outcome(Player.X, []),
        lambda: Outcome(None, [Line((1, 2, 3), Player.X, Mark(5))]),
        lambda: Outcome(Player.O, [Line((4, 5, 6), Player.X, Mark(5)), Line((7, 8, 9), Player.O, Mark(6))]),
    )
    for call in calls:
        with pytest.raises(qttt.QtttError):
            call()


def test_constructors_accept_what_the_rules_allow():
    x, o = Line((6, 4, 5), Player.X, Mark(5)), Line((7, 8, 9), Player.O, Mark(6))
    assert x.squares == (4, 5, 6)
    assert Outcome(Player.X, [o, x]) == Game(WORKED).outcome
    assert Outcome(None, []).is_draw


def test_pattern_matching_on_values():
    match Game(WORKED).outcome:
        case Outcome(Player.X, (Line((4, 5, 6), Player.X, Mark(5)), _)):
            matched = True
        case _:
            matched = False
    assert matched


def test_equality_with_other_types_is_not_implemented():
    assert Game().__eq__("Game()") is NotImplemented
    assert Game() != "Game()" and not (Game() == 5)


def test_notation_error_names_the_token():
    with pytest.raises(qttt.NotationError) as error:
        Game.from_record("12 34  x9 56")
    assert (error.value.token, error.value.token_index, error.value.reason) == ("x9", 2, "malformed_token")
    assert "x9" in str(error.value)


def test_equality_compares_records_and_keys_compare_positions():
    a, b = Game("12 13 12 @1"), Game("12 13 13 @1")
    assert a != b
    assert a.position_key() == b.position_key()
    assert Game("12").canonical_key() == Game("89").canonical_key()
    assert Game("12").canonical_key() != Game("15").canonical_key()
    assert a == Game.from_record("12 13 12 @1") and hash(a) == hash(Game("12  13 12 @1"))
    assert len({a, b, Game("12 13 12 @1")}) == 2
    assert Game() != "Game()"


def test_symmetry():
    game = Game("12 23")
    assert game.transform(Symmetry.ROTATE_90).record == "36 69"
    assert Symmetry.ROTATE_90.square(1) == 3
    assert Symmetry.ROTATE_90.action(Action("12")) == Action("36")
    assert len(Symmetry.all()) == 8
    assert [s.index for s in Symmetry.all()] == list(range(8))
    assert Symmetry.from_index(1) is Symmetry.ROTATE_90 and Symmetry.ROTATE_90.name == "rotate_90"
    assert {g.transform(s).canonical_key() for s in Symmetry.all() for g in [game]} == {game.canonical_key()}


@pytest.mark.parametrize(
    "value",
    [
        Game(WORKED),
        Game(),
        Player.O,
        Phase.COLLAPSE,
        Symmetry.TRANSPOSE,
        Mark(7),
        Move("15"),
        Move(7),
        CollapseChoice(5),
        Action("@5"),
        Game(WORKED).outcome,
        Game(WORKED).outcome.lines[0],
        CollapseStep(Mark(1), 5, 8, Mark(6)),
        CollapseStep(Mark(6), 8, 6),
    ],
)
def test_values_pickle_copy_and_have_evaluable_reprs(value):
    assert pickle.loads(pickle.dumps(value)) == value
    assert copy.copy(value) == value and copy.deepcopy(value) == value
    namespace = {name: getattr(qttt, name) for name in qttt.__all__}
    assert eval(repr(value), namespace) == value
    hash(value)


def test_a_mark_is_written_by_its_name():
    # Odd move numbers are X's, even ones O's; the module holds each mark by that name.
    assert [repr(Mark(n)) for n in range(1, 10)] == ["X1", "O2", "X3", "O4", "X5", "O6", "X7", "O8", "X9"]
    assert (qttt.X1, qttt.O2, qttt.X9) == (Mark(1), Mark(2), Mark(9))
    assert repr(Game(WORKED).outcome.lines[0]) == "Line(squares=(4, 5, 6), player=Player.X, highest=X5)"
    assert repr(CollapseStep(Mark(1), 5, 8, Mark(6))) == "CollapseStep(mark=X1, square=5, from_square=8, forced_by=O6)"
    # An ensemble board: X1 in 1 or 2, O2 in 2 or 3; the first board in mark order.
    assert repr(Game("12 23").ensemble()[0]) == "(X1, O2, None, None, None, None, None, None, None)"


def test_the_result_is_in_points():
    # X's line 4-5-6 (highest mark 5) is earlier than O's 7-8-9 (6): X wins;
    # Goff's points give X 1 and O 1/2; the complete win counts both lines a draw.
    game = Game(WORKED)
    assert (game.result(), game.result("goff"), game.result("complete")) == (1.0, 0.5, 0.0)
    assert isinstance(game.result(), float) and Game("15").result() is None


def test_values_are_frozen():
    game = Game()
    with pytest.raises(AttributeError):
        game.record = "12"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        Mark(1).number = 3  # type: ignore[misc]


def test_str_is_the_text_board():
    text = str(Game(WORKED))
    assert "|    X5    |    X1    |    X3    |" in text
    assert text.endswith("Game over: X wins: X 4-5-6 (highest X5), O 7-8-9 (highest O6)")


def test_svg_is_well_formed_and_shows_the_marks():
    pending = Game("58 47 67 59 48 68")
    root = ET.fromstring(pending.svg(size=300))
    assert root.tag.endswith("svg") and root.get("width") == "300"
    texts = ["".join(t.itertext()) for t in root.iter() if t.get("class") == "spooky"]
    assert sorted(texts) == sorted(["x1", "x1", "o2", "o2", "x3", "x3", "o4", "o4", "x5", "x5", "o6", "o6"])
    highlighted = [r.get("data-square") for r in root.iter() if r.get("class") == "square" and r.get("fill") != "white"]
    assert highlighted == ["6", "8"]
    end = ET.fromstring(Game(WORKED)._repr_svg_())
    classical = ["".join(t.itertext()) for t in end.iter() if t.get("class") == "classical"]
    assert sorted(classical) == ["O2", "O4", "O6", "X1", "X3", "X5"]
    assert len([e for e in end.iter() if e.get("class") == "win"]) == 2
    with pytest.raises(qttt.QtttError):
        pending.svg(size=10)


def test_the_cycle_and_the_collapse_step_by_step():
    # X1 58, O2 47, X3 67, O4 59, X5 48; O6 68 closes 6-7-4-8 (X3, O2, X5).
    pending = Game("58 47 67 59 48 68")
    assert pending.cycle == [Mark(2), Mark(3), Mark(5), Mark(6)]
    assert Game().cycle is None and Game(WORKED).cycle is None
    # O6 lands in 8 and forces X1 to 5 and X5 to 4; X1 forces O4 to 9, X5
    # forces O2 to 7, O2 forces X3 to 6 (worked by hand, docs/API.md's order).
    expected = [
        CollapseStep(Mark(6), 8, 6),
        CollapseStep(Mark(1), 5, 8, Mark(6)),
        CollapseStep(Mark(5), 4, 8, Mark(6)),
        CollapseStep(Mark(4), 9, 5, Mark(1)),
        CollapseStep(Mark(2), 7, 4, Mark(5)),
        CollapseStep(Mark(3), 6, 7, Mark(2)),
    ]
    assert pending.collapse_steps("@8") == expected
    assert pending.collapse_steps(CollapseChoice(8)) == expected
    assert pending.collapse_steps(Action("@8")) == expected
    step = expected[1]
    assert (step.mark, step.square, step.from_square, step.forced_by) == (Mark(1), 5, 8, Mark(6))
    match step:
        case CollapseStep(mark, square, from_square, forced_by):
            assert (mark, square, from_square, forced_by) == (Mark(1), 5, 8, Mark(6))
    with pytest.raises(qttt.IllegalActionError) as error:
        pending.collapse_steps("@1")
    assert error.value.reason == "not_collapse_option"
    with pytest.raises(qttt.IllegalActionError) as error:
        Game().collapse_steps("@1")
    assert error.value.reason == "no_collapse_pending"
    with pytest.raises(qttt.InvalidActionError) as error:
        pending.collapse_steps("15")
    assert error.value.reason == "wrong_action_kind"
    with pytest.raises(TypeError):
        pending.collapse_steps(53)
    with pytest.raises(qttt.QtttError):
        CollapseStep(Mark(1), 10, 8)


def test_threads_share_one_game():
    game = Game("15 25 35 45")
    results = []

    def worker():
        for _ in range(2000):
            results.append(game.play("12").collapse("@2").outcome.winner)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [Player.X] * 8000
    assert game.record == "15 25 35 45"


def test_random_games_are_seeded_and_replayable():
    counts = qttt.random_games(2000, seed=3)
    assert sum(counts.values()) == 2000 and set(counts) == {"X", "O", "draw"}
    assert counts == qttt.random_games(2000, seed=3)
    records = qttt.random_games(50, seed=3, records=True)
    assert len(records) == 50 and all(Game(r).is_over for r in records)
    assert records == qttt.random_games(50, seed=3, records=True)
    first = qttt.random_games(1, seed=3, records=True)[0]
    winner = Game(first).outcome.winner
    assert qttt.random_games(1, seed=3)[str(winner) if winner else "draw"] == 1


def test_perft():
    assert [qttt.perft(Game(), d) for d in (1, 2, 3)] == [36, 1296, 45432]
