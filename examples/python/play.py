"""Play quantum tic-tac-toe against the computer in the terminal.

    python examples/python/play.py                 # you are X, against a random O
    python examples/python/play.py --ai perfect    # ... against a perfect O
    python examples/python/play.py --demo          # the computer plays both sides

Type a token (`15`, `7`, `@5`), `undo` to take back your last turn, or
`quit`, as in the Rust program (`qttt play`).
"""

import argparse
import random

import qttt


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--demo", action="store_true", help="let the computer play both sides")
    parser.add_argument("--ai", choices=qttt.OPPONENTS, default="random", help="the computer's strength")
    parser.add_argument("--seed", type=int, default=None, help="seed of the computer's choices")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    computer = {
        "random": lambda: qttt.RandomOpponent(seed),
        "mcts": lambda: qttt.MctsOpponent(2000, seed),
        "perfect": lambda: qttt.PerfectOpponent(seed),
    }[args.ai]()

    game = qttt.Game()
    while not game.is_over:
        print(game, end="\n\n")
        legal = game.legal_actions()
        if args.demo or game.current_player is qttt.Player.O:
            action = computer.choose(game)
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
            if token in ("quit", "exit"):
                return
            if token == "undo":
                earlier = undo_turn(game)
                if earlier is None:
                    print("Nothing to undo: you have not played yet.\n")
                else:
                    game = earlier
                continue
            try:
                game = game.apply(token)
            except (qttt.InvalidActionError, qttt.IllegalActionError) as error:
                print(error)
            continue
        game = game.apply(action)
    print(game, f"\n\nRecord: {game.record}")


def undo_turn(game: qttt.Game) -> "qttt.Game | None":
    """The game before your last action (you are X), or None if you have not
    played yet."""
    earlier = game.undo()
    while earlier is not None:
        if earlier.current_player is qttt.Player.X:
            return earlier
        earlier = earlier.undo()
    return None


if __name__ == "__main__":
    main()
