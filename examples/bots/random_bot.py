#!/usr/bin/env python3
"""A quantum tic-tac-toe bot for `qttt referee` (docs/referee.md): it
plays a random legal action. It needs nothing but Python: the referee's
`turn` line lists the legal actions, so the bot knows no rule."""

import random
import sys


def main() -> None:
    while line := sys.stdin.readline():
        words = line.split()
        if not words:
            continue
        if words[0] == "turn":
            print(random.choice(words[1:]), flush=True)
        elif words[0] == "end":
            return
        # "side X|O" and "played TOKEN" need no answer.


if __name__ == "__main__":
    main()
