"""The TextArena environment, driven by TextArena's own make, wrappers and
step loop (the worked example of RULES.md, a retry, a forfeit)."""

import doctest

import pytest

ta = pytest.importorskip("textarena")

import qttt.agents.textarena as qta  # noqa: E402  (registers the environment)
from qttt.agents import scripted  # noqa: E402


def _play(env_id, answers, **kwargs):
    env = ta.make(env_id, **kwargs)
    env.reset(num_players=2, seed=0)
    players, observations = [], []
    done = False
    for answer in answers:
        player, observation = env.get_observation()
        players.append(player)
        observations.append(observation)
        done, _ = env.step(answer)
        if done:
            break
    rewards, info = env.close()
    return done, players, observations, rewards, info


def test_registered_in_every_version():
    for suffix in ("", "-train", "-raw"):
        ta.check_env_exists(qta.ENV_ID + suffix)
    assert ta.envs.registration.ENV_REGISTRY["QuantumTicTacToe-v0"]  # TextArena's own variant stays


@pytest.mark.parametrize("scoring, x_reward", [("single", 1), ("goff", 0.5), ("complete", 0)])
def test_the_worked_example(scoring, x_reward):
    # RULES.md: O6 closes the cycle, X chooses @8, lines for both, X's earlier.
    answers = ["58", "I play 47", "[67]", "59", "48", "68 closes it", "@8"]
    done, players, observations, rewards, info = _play(qta.ENV_ID, answers, scoring=scoring)
    assert done and players == [0, 1, 0, 1, 0, 1, 0]
    assert rewards == {0: x_reward, 1: -x_reward}
    # The final reason says who won and how: X's 4-5-6 (X1, X3, X5) before O's 7-8-9 (O2, O4, O6).
    verdict = {"single": "X wins", "goff": "X wins by half a point", "complete": "The game is a draw"}[scoring]
    reason = f"{verdict} under the {scoring} scoring (lines: X 4-5-6 (highest X5), O 7-8-9 (highest O6)). " \
             "Record: 58 47 67 59 48 68 @8"
    assert reason in repr(info)
    assert "You play X. O6 closed a cycle: you choose where it lands, @6 or @8." in observations[-1]
    assert "Record: 58 47 67 59 48 68" in observations[-1]


def test_the_chooser_moves_twice_and_a_retry():
    # X 15, O 15 closes a 2-cycle: X chooses @1, then X moves again; O's
    # first answer is refused and retried.
    answers = ["15", "no idea", "15", "@1", "26", "37"]
    done, players, observations, _, _ = _play(qta.ENV_ID + "-raw", answers)
    assert not done and players == [0, 1, 1, 0, 0, 1]
    assert any("holds no action token" in message for _, message, _ in observations[2])


def test_refusals_beyond_the_allowance_lose():
    done, players, _, rewards, info = _play(qta.ENV_ID, ["15", "@3", "@4"])
    assert done and players == [0, 1, 1]
    assert rewards == {0: 1, 1: -1} and info[1]["invalid_move"]


def test_a_scripted_agent_plays_through_the_wrappers():
    env = ta.make(qta.ENV_ID)
    env.reset(num_players=2, seed=0)
    agents = [scripted.random_agent(seed=1), scripted.perfect_agent()]
    done = False
    steps = 0
    while not done:
        player, observation = env.get_observation()
        done, _ = env.step(agents[player](observation))
        steps += 1
    rewards, info = env.close()
    assert not any(info[p]["invalid_move"] for p in (0, 1))
    assert set(rewards) == {0, 1} and rewards[0] == -rewards[1]
    assert steps >= 7


def test_the_module_example():
    failed, tried = doctest.testmod(qta)
    assert tried and not failed
