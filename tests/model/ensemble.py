"""The classical ensemble (docs/ensemble.md) by brute force in the model.

For every position of the shared vectors (tests/vectors/*.txt) and every
prefix of its record, replays the record in the independent model and
tries every way of putting each spooky mark in one of its two squares
(2^k candidates for k marks), keeping those where no two marks share a
square. Prints one line per position, in the format of
qttt/examples/ensemble.rs, which tests/model/run.sh compares:

    <record> | <count> | <board> <board> ...

each board nine characters, square 1 first: the mark's move number, or
`.` for an empty square; the boards in mark order (the square of the
lowest-numbered spooky mark, its lower square first, then the next...).

    python3 tests/model/ensemble.py            # the lines
    python3 tests/model/ensemble.py --records  # only the records, one a line
"""

import pathlib
import sys
from itertools import product

from qttt_model import Model

VECTORS = pathlib.Path(__file__).resolve().parent.parent / "vectors"


def vector_records():
    """Every record of games.txt, illegal.txt and perft.txt, and every prefix."""
    records = []
    for line in (VECTORS / "games.txt").read_text().splitlines():
        if line.startswith("record:"):
            records.append(line[len("record:"):])
    for name in ("illegal.txt", "perft.txt"):
        for line in (VECTORS / name).read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                records.append(line.split("|")[0])
    prefixes = set()
    for record in records:
        tokens = record.split()
        for end in range(len(tokens) + 1):
            prefixes.add(" ".join(tokens[:end]))
    return sorted(prefixes)


def ensemble(game):
    """The boards, each a dict square -> move number, in mark order."""
    spooky = sorted(game.spooky.items())
    boards = []
    # product() varies the last mark fastest, index 0 (the lower square) first:
    # exactly mark order.
    for choice in product((0, 1), repeat=len(spooky)):
        board = dict(game.classical)
        for (number, squares), side in zip(spooky, choice):
            if squares[side] in board:
                break
            board[squares[side]] = number
        else:
            boards.append(board)
    return boards


# Worked out by hand (docs/ensemble.md): the model's brute force must agree
# before anything is printed.
HAND = {
    "": 1,  # the empty board is the one board
    "12 23": 3,  # a tree of 3 squares: one board for each empty square
    "15 15": 2,  # a pending 2-cycle: the two collapse choices
    "12 34 23": 4,  # the path 1-2-3-4: one board for each empty square
    "12 34 56 23 78 13": 8,  # a cycle with a stem (2), trees 5-6 and 7-8 (2 each)
    "12 23 45 56 78 89": 27,  # three paths of 3: 3*3*3, the largest
    "15 25 35 45 56 57 58 59": 9,  # the star, one tree of all 9 squares
    "12 13 12": 2,  # X1 X3 O2 and X3 X1 O2 in the top row: alike, yet two
}


def written(board):
    return "".join(str(board.get(square, ".")) for square in range(1, 10))


def main():
    for record, count in HAND.items():
        found = len(ensemble(Model.replay(record)))
        assert found == count, f"{record!r}: the model finds {found}, by hand {count}"
    records = vector_records()
    if "--records" in sys.argv[1:]:
        print("\n".join(records))
        return
    for record in records:
        boards = ensemble(Model.replay(record))
        print(f"{record} | {len(boards)} | {' '.join(written(b) for b in boards)}")


if __name__ == "__main__":
    main()
