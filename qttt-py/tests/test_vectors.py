"""Every shared vector, exactly as in Rust and C."""

import pytest

import qttt
from conftest import game_vectors, illegal_vectors

GAMES = list(game_vectors())
ILLEGAL = list(illegal_vectors())


def test_there_are_enough_vectors():
    assert len(GAMES) >= 40
    assert len({reason for _, _, reason in ILLEGAL}) == 9


@pytest.mark.parametrize("comment, record, view", GAMES, ids=[g[0] for g in GAMES])
def test_view_matches_byte_for_byte(comment, record, view):
    game = qttt.Game.from_record(record)
    assert game.view() == view
    assert game.view_dict()["record"] == game.record


@pytest.mark.parametrize("record, token, reason", ILLEGAL, ids=[f"{r}|{t}" for r, t, _ in ILLEGAL])
def test_illegal_continuation_raises_its_reason(record, token, reason):
    game = qttt.Game.from_record(record)
    before = game.view()
    # Not an action at all (worked out from RULES.md's notation), or an
    # action that the position does not allow.
    not_an_action = {"malformed_token", "same_square_twice"}
    expected = qttt.InvalidActionError if reason in not_an_action else qttt.IllegalActionError
    with pytest.raises(expected) as error:
        game.apply(token)
    assert error.value.reason == reason
    assert isinstance(error.value, qttt.QtttError) and isinstance(error.value, ValueError)
    assert game.view() == before
    with pytest.raises(qttt.NotationError) as notation:
        qttt.Game.from_record(f"{record} {token}")
    assert notation.value.reason == reason
    assert notation.value.token == token
    assert notation.value.token_index == len(record.split())
