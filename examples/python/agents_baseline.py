"""The built-in opponents' own scores: each of random play, MCTS and perfect
play evaluated as if it were an agent, against all three, and the anchors of
the rating (docs/agents.md quotes a run of this script).

    python examples/python/agents_baseline.py --games 20
"""

import argparse

from qttt.agents import BUILT_IN, Harness, calibrate, play_match
from qttt.agents.report import Report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per pair of players (seats alternate)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--scoring", default="single")
    args = parser.parse_args()
    anchors = calibrate(games=args.games, seed=args.seed, scoring=args.scoring)
    print("anchors: " + ", ".join(f"{name} {rating:.0f}" for name, rating in anchors.items()))
    for name in BUILT_IN:
        match = play_match(name, list(BUILT_IN), games=args.games, seed=args.seed,
                           harness=Harness(scoring=args.scoring))
        print()
        print(Report(match, anchors))


if __name__ == "__main__":
    main()
