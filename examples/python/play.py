"""Play quantum tic-tac-toe against a random opponent in the terminal.

    python examples/python/play.py            # you are X
    python examples/python/play.py --demo     # the computer plays both sides
"""

import argparse
import random

import qttt


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--demo", action="store_true", help="let the computer play both sides")
    parser.add_argument("--seed", type=int, default=None, help="seed of the random opponent")
    args = parser.parse_args()
    rng = random.Random(args.seed)

    game = qttt.Game()
    while not game.is_over:
        print(game, end="\n\n")
        legal = game.legal_actions()
        if args.demo or game.current_player is qttt.Player.O:
            action = rng.choice(legal)
            print(f"{game.current_player} plays {action}\n")
        else:
            if game.phase is qttt.Phase.COLLAPSE:
                for choice in legal:
                    print(f"If you choose {choice}:\n{game.collapse(choice)}\n")
            print("Legal:", " ".join(str(a) for a in legal))
            try:
                token = input(f"{game.current_player}> ").strip()
            except EOFError:
                return
            try:
                game = game.apply(token)
            except qttt.IllegalActionError as error:
                print(error)
            continue
        game = game.apply(action)
    print(game, f"\n\nRecord: {game.record}")


if __name__ == "__main__":
    main()
