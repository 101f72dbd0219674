"""The cross-language conformance run: the same seeded random games, and
every shared vector, through Rust, C, Python and JavaScript; all four must write
identical JSON views after every action and identical error codes for the
same illegal actions, and while a collapse is pending the same cycle and
the same collapse steps for each choice.

Usage: python run.py RUST_PROGRAM C_PROGRAM JS_PROGRAM [--games N] [--seed S]
(JS_PROGRAM is a Node script, run with node.)
(tests/conformance/run.sh builds the two programs and runs this.)

Each input line is one game: tokens, or raw action ids written `#id`.
Random games take a legal action nine times in ten and otherwise an id
from 0 to 63 (often illegal, sometimes out of range), or a malformed or
same-square token, so errors are compared along the way."""

import argparse
import pathlib
import random
import subprocess
import sys

import qttt

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
BAD_TOKENS = ["55", "0", "10", "@", "@0", "x", "123", "5@"]


def random_game(rng):
    game = qttt.Game()
    tokens = []
    while not game.is_over:
        roll = rng.random()
        if roll < 0.9:
            action = rng.choice(game.legal_actions())
            tokens.append(action.token)
            game = game.apply(action)
        elif roll < 0.97:
            action_id = rng.randrange(64)
            tokens.append(f"#{action_id}")
            try:
                game = game.apply(qttt.Action.from_id(action_id))
            except (qttt.InvalidActionError, qttt.IllegalActionError):
                pass
        else:
            tokens.append(rng.choice(BAD_TOKENS))
    return " ".join(tokens)


def vector_games():
    vectors = ROOT / "tests" / "vectors"
    for line in (vectors / "games.txt").read_text().splitlines():
        if line.startswith("record:"):
            yield line[len("record:"):].strip()
    for line in (vectors / "illegal.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            record, token, _reason = (part.strip() for part in line.split("|"))
            yield f"{record} {token}".strip()


def python_cycle(game):
    """While a collapse is pending: its cycle, and each choice's steps
    (`mark@square<from/forced_by`), in the lines every side writes."""
    if game.collapse_options is None:
        return []
    out = ["cycle " + " ".join(str(mark) for mark in game.cycle)]
    for square in game.collapse_options:
        steps = [
            f"{s.mark}@{s.square}<{s.from_square}" + (f"/{s.forced_by}" if s.forced_by else "")
            for s in game.collapse_steps(f"@{square}")
        ]
        out.append(f"steps @{square} " + " ".join(steps))
    return out


def python_output(lines):
    out = []
    for line in lines:
        game = qttt.Game()
        out.append(game.view())
        for token in line.split():
            try:
                action = qttt.Action.from_id(int(token[1:])) if token.startswith("#") else token
                game = game.apply(action)
                out.append(game.view())
                out.extend(python_cycle(game))
            except (qttt.InvalidActionError, qttt.IllegalActionError) as error:
                out.append(f"error {error.reason}")
        out.append("end")
    return out


def program_output(command, lines):
    text = "".join(line + "\n" for line in lines)
    done = subprocess.run(command, input=text, capture_output=True, text=True, check=True)
    return done.stdout.splitlines()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rust")
    parser.add_argument("c")
    parser.add_argument("js")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    lines = list(vector_games()) + [random_game(rng) for _ in range(args.games)]
    outputs = {
        "Python": python_output(lines),
        "Rust": program_output([args.rust], lines),
        "C": program_output([args.c], lines),
        "JavaScript": program_output(["node", args.js], lines),
    }
    reference = outputs["Python"]
    for name, output in outputs.items():
        for index, (expected, got) in enumerate(zip(reference, output)):
            if expected != got:
                sys.exit(f"{name} differs from Python at output line {index + 1}:\n"
                         f"  Python: {expected}\n  {name}: {got}")
        if len(output) != len(reference):
            sys.exit(f"{name} wrote {len(output)} lines, Python {len(reference)}")
    views = sum(1 for line in reference if line.startswith("{"))
    steps = sum(1 for line in reference if line.startswith("steps"))
    errors = sum(1 for line in reference if line.startswith("error"))
    codes = sorted({line.split()[1] for line in reference if line.startswith("error")})
    print(f"conformance: {len(lines)} games ({args.games} random, seed {args.seed}, "
          f"{len(lines) - args.games} from the shared vectors): {views} views, "
          f"{steps} collapses step by step and {errors} errors identical in Rust, C, Python and JavaScript\n"
          f"error codes seen: {', '.join(codes)}")


if __name__ == "__main__":
    main()
