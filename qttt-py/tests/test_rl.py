"""qttt.rl: the encoding (worked by hand), the batched environment against
Game.apply, and PettingZoo's, Gymnasium's and OpenSpiel's own checks."""

import doctest
import random

import numpy as np
import pytest

import qttt
from qttt import Game, IllegalActionError, InvalidActionError

rl = pytest.importorskip("qttt.rl")


def nonzero(vector):
    return {int(i): round(float(vector[i]), 6) for i in np.flatnonzero(vector)}


def test_observation_of_a_pending_two_mark_cycle():
    # X1 and O2 both in 1 and 5 (pair 15, id 3); X chooses: X's point of
    # view; options 1 and 5; move number 3 (layout: docs/rl.md).
    obs = rl.observation(Game.from_record("15 15"))
    assert obs.dtype == np.float32 and obs.shape == (183,)
    assert nonzero(obs) == {
        27 + 3: 1.0,
        63 + 3: 1.0,
        99 + 3: round(1 / 9, 6),
        135 + 3: round(2 / 9, 6),
        171: 1.0,
        175: 1.0,
        180: 1.0,
        181: 0.3,
        182: 1.0,
    }


def test_observation_of_a_finished_game():
    # 4 X5, 5 X1, 6 X3 | 7 O2, 8 O6, 9 O4; move number 7: X's point of view.
    obs = rl.observation(Game.from_record("58 47 67 59 48 68 @8"))
    assert nonzero(obs) == {
        3: 1.0, 4: 1.0, 5: 1.0, 15: 1.0, 16: 1.0, 17: 1.0,
        21: round(5 / 9, 6), 22: round(1 / 9, 6), 23: round(3 / 9, 6),
        24: round(2 / 9, 6), 25: round(6 / 9, 6), 26: round(4 / 9, 6),
        181: 0.7, 182: 1.0,
    }  # fmt: skip


def random_positions(count, seed):
    rng = random.Random(seed)
    for _ in range(count):
        game = Game()
        positions = [game]
        while not game.is_over:
            game = game.apply(rng.choice(game.legal_actions()))
            positions.append(game)
        yield from positions


def test_the_mask_is_the_legal_actions():
    for game in random_positions(300, 1):
        mask = rl.action_mask(game)
        assert mask.dtype == np.int8
        assert [int(i) for i in np.flatnonzero(mask)] == [a.id for a in game.legal_actions()]


def test_stepping_the_batch_equals_apply():
    n = 16
    env = rl.BatchEnv(n, seed=5)
    obs, masks = env.reset()
    games = [Game() for _ in range(n)]
    finished = 0
    for _ in range(400):
        actions = env.sample()
        for game, action in zip(games, actions):
            assert game.is_legal(int(action))
        obs, masks, rewards, dones = env.step(actions)
        for i in range(n):
            mover = games[i].current_player
            games[i] = games[i].apply(int(actions[i]))
            if games[i].is_over:
                x = games[i].result()
                assert rewards[i] == (x if mover is qttt.Player.X else -x)
                assert dones[i]
                games[i] = Game()
                finished += 1
            else:
                assert rewards[i] == 0 and not dones[i]
            np.testing.assert_array_equal(obs[i], rl.observation(games[i]))
            np.testing.assert_array_equal(masks[i], rl.action_mask(games[i]))
        assert env.records() == [g.record for g in games]
    assert finished > 100


def test_a_bad_batch_step_moves_no_game():
    env = rl.BatchEnv(3)
    env.reset()
    env.step(np.array([3, 3, 3]))  # 15 everywhere
    before = env.records()
    with pytest.raises(IllegalActionError, match="game 1"):
        env.step(np.array([0, 40, 0]))  # `5` in game 1: a classical move while 8 squares are free
    assert env.records() == before
    with pytest.raises(InvalidActionError):
        env.step(np.array([3, 60, 3]))
    with pytest.raises(qttt.QtttError):
        env.step(np.array([3, 3]))
    with pytest.raises(qttt.QtttError):
        rl.BatchEnv(0)
    with pytest.raises(qttt.QtttError):
        rl.BatchEnv(2, scoring="most")


def test_goff_rewards():
    # X and O both get a line at @8; X's is older: a point against half a point.
    env = rl.BatchEnv(1, scoring="goff")
    env.reset()
    for token in "58 47 67 59 48 68".split():
        env.step(np.array([qttt.Action(token).id]))
    _, _, rewards, dones = env.step(np.array([qttt.Action("@8").id]))  # X chooses
    assert dones[0] and rewards[0] == 0.5


def test_pettingzoo_api_and_seed_tests():
    from pettingzoo.test import api_test, seed_test

    from qttt.rl.pettingzoo import env, raw_env

    api_test(env(), num_cycles=200)
    seed_test(env, num_cycles=50)
    game = raw_env(render_mode="ansi")
    game.reset()
    assert "X to move" in game.render()


def test_pettingzoo_rewards_at_the_end():
    from qttt.rl.pettingzoo import env

    game = env()
    game.reset()
    for token in "58 47 67 59 48 68 @8".split():
        game.step(qttt.Action(token).id)
    assert game.rewards == {"X": 1.0, "O": -1.0}
    assert all(game.terminations.values())


def test_gymnasium_check_env():
    from gymnasium.utils.env_checker import check_env

    from qttt.rl.gymnasium import QtttEnv

    for agent in ("X", "O"):
        check_env(QtttEnv(opponent="random", agent=agent), skip_render_check=True)


def test_gymnasium_against_perfect_play():
    # Perfect X wins from the empty board (the published result), so an agent
    # playing O loses every game, whatever it does.
    import gymnasium

    import qttt.rl.gymnasium  # noqa: F401

    env = gymnasium.make("qttt/Qttt-v0", opponent="perfect", agent="O")
    rng = random.Random(2)
    for episode in range(3):
        obs, info = env.reset(seed=episode)
        done = False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            obs, reward, done, truncated, info = env.step(int(rng.choice(legal)))
        assert reward == -1.0, info["record"]


def test_gymnasium_illegal_action_ends_the_episode():
    from qttt.rl.gymnasium import QtttEnv

    env = QtttEnv(opponent="random")
    env.reset(seed=1)
    _, reward, terminated, _, info = env.step(40)  # `5`: a classical move on an empty board
    assert (reward, terminated) == (-1.0, True)
    assert "classical_move_not_allowed" in info["illegal_action"]
    with pytest.raises(qttt.QtttError):
        env.step(3)


def test_openspiel_own_tests_and_agreement_with_the_solver():
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import minimax

    import qttt.rl.openspiel  # noqa: F401

    game = pyspiel.load_game("python_qttt")
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)
    state = game.new_initial_state()
    for token in "15 26".split():
        state.apply_action(qttt.Action(token).id)
    text = pyspiel.serialize_game_and_state(game, state)
    _, copy = pyspiel.deserialize_game_and_state(text)
    assert str(copy) == str(state) and copy.history() == state.history()
    assert state.undone().history() == state.history()[:-1]
    # X's observation from X's and from O's side: mine and theirs swap.
    x_view = np.array(state.observation_tensor(0))
    o_view = np.array(state.observation_tensor(1))
    np.testing.assert_array_equal(x_view, rl.observation(Game.from_record("15 26")))
    np.testing.assert_array_equal(o_view[27:63], x_view[63:99])
    assert (x_view[182], o_view[182]) == (1.0, 0.0)
    # Alpha-beta on late positions agrees with the engine's solver.
    rng = random.Random(7)
    checked = 0
    for position in random_positions(40, 3):
        if position.is_over or position.move_number < 6 or rng.random() < 0.8:
            continue
        state = game.new_initial_state()
        for action in qttt.Game.from_record(position.record).record.split():
            state.apply_action(qttt.Action(action).id)
        value, _ = minimax.alpha_beta_search(game, state=state, maximizing_player_id=0)
        assert value == position.solve().value, position.record
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("name", ["qttt.rl", "qttt.rl.pettingzoo", "qttt.rl.gymnasium", "qttt.rl.openspiel"])
def test_module_examples(name):
    import importlib

    failed, tried = doctest.testmod(importlib.import_module(name))
    assert tried > 0 and failed == 0


def test_solve_batch_labels_worked_by_hand():
    # X chooses where O6 lands: @8 (id 45 + 7) gives X the line 4-5-6 at
    # once (O's 7-8-9 is later: subscripts 2, 4, 6 against 1, 3, 5); O
    # chooses where X9 lands: @9 (id 53) draws, @8 hands X the line 7-8-9.
    # A finished game has its result and no actions; the empty board is
    # the published first player's win with all nine moves.
    cycle = "58 47 67 59 48 68"
    last = "12 12 @2 35 35 @5 46 46 @6 78 79 89"
    labels = rl.solve_batch([cycle, Game(last), Game(cycle).apply("@8"), ""], threads=2)
    assert labels.value.dtype == np.float32 and labels.optimal.shape == (4, 54)
    assert labels.value.tolist() == [1.0, 0.0, 1.0, 1.0]
    assert labels.mover.tolist() == [1, -1, 0, 1]
    assert (labels.value * labels.mover).tolist() == [1.0, 0.0, 0.0, 1.0]  # the mover's value
    assert labels.end_move.tolist()[0] == 6 and labels.end_move.tolist()[2:] == [6, 9]
    assert [np.flatnonzero(row).tolist() for row in labels.optimal[:3]] == [[52], [53], []]
    assert nonzero(np.nan_to_num(labels.action_values[1], nan=9.0)) == {
        **{i: 9.0 for i in range(54) if i not in (52, 53)}, 52: 1.0}  # @9 is 0.0: not listed
    assert np.isnan(labels.action_values[2]).all()
    # Every legal action is valued, and the optimal ones have the position's value.
    assert int((~np.isnan(labels.action_values[3])).sum()) == 36
    assert (labels.action_values[3][labels.optimal[3] == 1] == 1.0).all()


def test_solve_batch_agrees_with_the_solver_on_any_number_of_threads():
    records = qttt.random_games(40, seed=3, records=True)
    games = [Game(" ".join(r.split()[: len(r.split()) - 3])) for r in records]
    solver = qttt.Solver("goff")
    expected = [solver.solve(g) for g in games]
    for threads in (1, 3):
        labels = rl.solve_batch(games, "goff", threads=threads, table_limit=10_000)
        assert labels.value.tolist() == [s.value for s in expected]
        assert labels.end_move.tolist() == [s.end_move for s in expected]
        assert [np.flatnonzero(row).tolist() for row in labels.optimal] == [
            sorted(a.id for a in s.optimal_actions) for s in expected]
    assert rl.solve_batch([]).value.shape == (0,)
    plain = rl.solve_batch(games, "goff", action_values=False)
    assert plain.action_values is None and plain.value.tolist() == [s.value for s in expected]


def test_solve_batch_names_what_it_cannot_read():
    with pytest.raises(TypeError, match=r"games\[1\] is not a Game or a record str but int"):
        rl.solve_batch(["15", 15])
    with pytest.raises(qttt.NotationError):
        rl.solve_batch(["15", "12 99"])
    with pytest.raises(qttt.QtttError, match="threads"):
        rl.solve_batch(["15"], threads=0)
    with pytest.raises(qttt.QtttError, match="table_limit"):
        rl.solve_batch(["15"], table_limit=0)
