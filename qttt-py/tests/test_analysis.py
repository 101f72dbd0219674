"""Perfect play and the computer players from Python."""

import pytest

import qttt
from qttt import Game


def test_solve_a_collapse_choice_worked_by_hand():
    # X chooses where O8 lands: @9 loses (O's row 4-5-6 came first), @3 draws.
    game = Game("14 14 @4 25 25 @5 78 69 36 39")
    single = game.solve()
    assert single.value == 0.0 and [str(a) for a in single.optimal_actions] == ["@3"]
    assert [str(a) for a in game.solve("complete").optimal_actions] == ["@3", "@9"]
    # Taking the collapse that wins at once: the winner hurries.
    won = Game("58 47 67 59 48 68").solve("single")
    assert (won.value, won.end_move, [str(a) for a in won.principal_variation]) == (1.0, 6, ["@8"])
    assert "Solution value=1.0" in repr(won)


def test_solve_rejects_unknown_scorings():
    with pytest.raises(ValueError):
        Game().solve("points")
    with pytest.raises(TypeError):
        Game().solve(3)  # type: ignore[arg-type]


@pytest.mark.parametrize("player", [qttt.RandomPlayer(1), qttt.MctsPlayer(200, 1), qttt.PerfectPlayer(1)])
def test_players_play_legal_games_to_the_end(player):
    game = Game("15 25 35")
    while (action := player.choose(game)) is not None:
        assert game.is_legal(action)
        game = game.apply(action)
    assert game.is_over


def test_the_perfect_player_never_misses_a_draw():
    last = Game("12 12 @2 35 35 @5 46 46 @6 78 79 89")  # O: @9 draws, @8 loses
    assert str(qttt.PerfectPlayer(7).choose(last)) == "@9"
