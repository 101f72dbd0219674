"""Evaluates a simple agent through the Gymnasium environment against the
three built-in opponents, playing X and O.

The agent looks one action ahead with the engine: it takes an action that
wins at once if there is one, avoids actions after which the opponent can
win at once, and otherwise picks at random among what is left.

    python examples/python/rl_agent.py [--games 100]
"""

import argparse
import random

import gymnasium
import numpy as np

import qttt
import qttt.rl.gymnasium  # noqa: F401  (registers qttt/Qttt-v0)


def one_ply(record: str, legal: np.ndarray, rng: random.Random) -> int:
    game = qttt.Game.from_record(record)
    me = game.current_player
    safe = []
    for action in legal:
        after = game.apply(int(action))
        if after.is_over:
            if after.outcome.winner is me:
                return int(action)
            continue
        if after.current_player is me:  # a collapse choice: my move follows
            safe.append(int(action))
            continue
        if not any(
            (end := after.apply(reply)).is_over and end.outcome.winner not in (me, None) for reply in after.legal_actions()
        ):
            safe.append(int(action))
    return rng.choice(safe or [int(a) for a in legal])


def evaluate(opponent: str, agent: str, games: int, seed: int) -> tuple[int, int, int]:
    env = gymnasium.make("qttt/Qttt-v0", opponent=opponent, agent=agent, playouts=500)
    rng = random.Random(seed)
    wins = draws = losses = 0
    for episode in range(games):
        obs, info = env.reset(seed=seed + episode)
        done = False
        while not done:
            action = one_ply(info["record"], np.flatnonzero(obs["action_mask"]), rng)
            obs, reward, done, _, info = env.step(action)
        wins += reward > 0
        draws += reward == 0
        losses += reward < 0
    return wins, draws, losses


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    print("| opponent | agent plays | wins | draws | losses |")
    print("|---|---|---|---|---|")
    for opponent in ("random", "mcts", "perfect"):
        games = args.games if opponent != "perfect" else max(1, args.games // 5)
        for agent in ("X", "O"):
            w, d, l = evaluate(opponent, agent, games, seed=1)
            print(f"| {opponent} | {agent} | {w} | {d} | {l} |")


if __name__ == "__main__":
    main()
