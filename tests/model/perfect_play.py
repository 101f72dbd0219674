"""The value of positions under perfect play, by plain minimax over the
model (qttt_model.py): no pruning, no table, nothing shared with the
engine's solver. Slow, so for positions near the end only.

    python3 tests/model/perfect_play.py SCORING RECORD [FIRST_PLY]

prints, for every position of RECORD from ply FIRST_PLY on, the ply, the
token played there and the value before it (X's points minus O's, in half
points) under SCORING (single, goff or complete), then the value at the
end."""

import sys
from functools import lru_cache

from qttt_model import Model, player


def result(game, scoring):
    """X's result of a finished game, in half points."""
    lines = game.lines()
    players = {who for _, who, _ in lines}
    if not players:
        return 0
    if len(players) == 1:
        return 2 if players == {"X"} else -2
    if scoring == "complete":
        return 0
    sign = 1 if game.winner() == "X" else -1
    return sign if scoring == "goff" else 2 * sign


def value(record, scoring):
    """X's value of the position after RECORD under perfect play."""
    return _value(record, scoring)


@lru_cache(maxsize=None)
def _value(record, scoring):
    game = Model.replay(record)
    if game.over():
        return result(game, scoring)
    values = [_value(" ".join(game.record + [token]), scoring) for token in game.legal()]
    mover = game.to_act()
    return max(values) if mover == "X" else min(values)


def main():
    scoring, record = sys.argv[1], sys.argv[2].split()
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    for ply in range(first, len(record)):
        before = value(" ".join(record[:ply]), scoring)
        print(ply + 1, record[ply], before)
    print("end", value(" ".join(record), scoring))


if __name__ == "__main__":
    main()
