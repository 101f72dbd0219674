"""OpenSpiel's MCTS bot against the qttt perfect player, on the game as
registered with OpenSpiel (qttt.rl.openspiel).

    python examples/python/openspiel_mcts.py [--games 10] [--simulations 1000]
"""

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import qttt
import qttt.rl.openspiel  # noqa: F401  (registers python_qttt)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--simulations", type=int, default=1000)
    args = parser.parse_args()
    game = pyspiel.load_game("python_qttt")
    perfect = qttt.PerfectOpponent(seed=1)
    results = {"MCTS": 0, "perfect": 0, "draw": 0}
    for number in range(args.games):
        rng = np.random.RandomState(number)
        bot = mcts.MCTSBot(game, 2.0, args.simulations, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
        mcts_player = number % 2  # MCTS plays X in even games, O in odd ones
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == mcts_player:
                action = bot.step(state)
            else:
                action = perfect.choose(state.game).id
            state.apply_action(action)
        mine = state.returns()[mcts_player]
        results["MCTS" if mine > 0 else "perfect" if mine < 0 else "draw"] += 1
        print(f"game {number + 1}: MCTS plays {'XO'[mcts_player]}: {state.game.record} -> {state.returns()}")
    print(f"MCTS ({args.simulations} simulations) against perfect play: {results}")


if __name__ == "__main__":
    main()
