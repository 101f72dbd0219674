"""Counts the distinct reachable positions by ply with the independent
model (qttt_model.py), by brute force: every legal action from every
position of the previous ply, a position being its spooky marks (number ->
squares), its classical marks (square -> number) and whether a collapse is
pending; up to symmetry, the smallest of its 8 images. The engine's count
(qttt/examples/state_space.rs) must agree: the test command compares them
up to ply 4.

    python3 tests/model/state_space.py [MAX_PLY]
"""

import sys

from qttt_model import Model

# The 8 symmetries of the board, as maps of squares 1-9 (index 0 unused).
ROTATE = [0, 3, 6, 9, 2, 5, 8, 1, 4, 7]  # a quarter turn clockwise: 1 goes to 3
MIRROR = [0, 3, 2, 1, 6, 5, 4, 9, 8, 7]  # left and right swapped


def symmetries():
    maps, current = [], list(range(10))
    for _ in range(4):
        maps.append(current)
        maps.append([MIRROR[s] for s in current])
        current = [ROTATE[s] for s in current]
    return maps


SYMMETRIES = symmetries()


def identity(game):
    return (
        tuple(sorted(game.spooky.items())),
        tuple(sorted(game.classical.items())),
        game.pending,
    )


def image(game, m):
    spooky = tuple(sorted((n, tuple(sorted((m[a], m[b])))) for n, (a, b) in game.spooky.items()))
    classical = tuple(sorted((m[s], n) for s, n in game.classical.items()))
    return spooky, classical, game.pending


def main():
    max_ply = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    print("| ply | positions | up to symmetry |\n|---|---|---|")
    level = {identity(Model()): Model()}
    for ply in range(max_ply + 1):
        orbits = {min(image(game, m) for m in SYMMETRIES) for game in level.values()}
        print(f"| {ply} | {len(level)} | {len(orbits)} |", flush=True)
        if ply == max_ply:
            break
        following = {}
        for game in level.values():
            for token in game.legal():
                child = game.copy()
                child.act(token)
                following.setdefault(identity(child), child)
        level = following


if __name__ == "__main__":
    main()
