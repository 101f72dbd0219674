"""Shared helpers: the vector files of the repository's tests/vectors/."""

import pathlib

VECTORS = pathlib.Path(__file__).resolve().parents[2] / "tests" / "vectors"


def game_vectors():
    """(comment, record, view) for every block of games.txt."""
    lines = (VECTORS / "games.txt").read_text().splitlines()
    comment = ""
    for i, line in enumerate(lines):
        if line.startswith("# "):
            comment = line[2:]
        elif line.startswith("record:"):
            yield comment, line[len("record:"):].strip(), lines[i + 1][len("view: "):]


def illegal_vectors():
    """(record, token, reason) for every line of illegal.txt."""
    for line in (VECTORS / "illegal.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            record, token, reason = (field.strip() for field in line.split("|"))
            yield record, token, reason
