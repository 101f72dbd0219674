"""Property-based tests (hypothesis): arbitrary tokens, ids, records and
objects of wrong types never do anything but answer or raise the
documented error, and never change the game they were applied to."""

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import qttt
from qttt import Game

ACTION_COUNT = 54  # docs/API.md: action ids are 0 to 53

# Positions reached by a few legal actions, chosen by index.
positions = st.lists(st.integers(min_value=0, max_value=1000), max_size=14).map(
    lambda picks: play_picks(Game(), picks)
)


def play_picks(game, picks):
    for pick in picks:
        legal = game.legal_actions()
        if not legal:
            break
        game = game.apply(legal[pick % len(legal)])
    return game


def apply_or_error(game, action):
    """The new game, or the InvalidActionError or IllegalActionError raised
    (game unchanged)."""
    before = game.record
    try:
        return game.apply(action)
    except (qttt.InvalidActionError, qttt.IllegalActionError) as error:
        assert game.record == before
        assert error.reason and str(error)
        return error


@given(positions, st.text(max_size=6))
def test_any_text_token_is_applied_or_refused(game, token):
    result = apply_or_error(game, token)
    if isinstance(result, Game):
        assert result.plies == game.plies + 1
        assert result.undo() == game


@given(positions, st.integers())
def test_any_integer_id_is_applied_or_refused(game, action_id):
    result = apply_or_error(game, action_id)
    legal_ids = {a.id for a in game.legal_actions()}
    assert isinstance(result, Game) == (action_id in legal_ids)
    if not 0 <= action_id < ACTION_COUNT:
        assert result.reason == "invalid_action_id"


wrong_types = st.one_of(
    st.none(),
    st.floats(),
    st.binary(max_size=4),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.builds(object),
)


@given(positions, wrong_types)
def test_wrong_types_are_type_errors(game, value):
    before = game.record
    for method in (game.apply, game.play, game.collapse, game.is_legal):
        with pytest.raises(TypeError):
            method(value)
    with pytest.raises(TypeError):
        Game(value)
    assert game.record == before


@given(st.text(max_size=40))
def test_any_record_text_is_a_game_or_a_notation_error(text):
    try:
        game = Game(text)
    except qttt.NotationError as error:
        assert 0 <= error.token_index and error.token and error.reason
    else:
        assert Game(game.record) == game


@given(positions)
@settings(max_examples=300)
def test_positions_keep_their_invariants(game):
    assert Game(game.record) == game
    assert pickle.loads(pickle.dumps(game)) == game
    view = game.view_dict()
    assert view["record"] == game.record
    assert [a.token for a in game.legal_actions()] == view["legal"]
    assert game.is_over == (game.outcome is not None) == (not game.legal_actions())
    for action_id in range(ACTION_COUNT):
        legal = game.is_legal(action_id)
        assert legal == (action_id in {a.id for a in game.legal_actions()})
    if game.plies:
        assert game.undo().plies == game.plies - 1
