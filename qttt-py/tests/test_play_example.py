"""The terminal game examples/python/play.py behaves like the Rust program's
`play`: legal tokens listed, `undo` takes back your last turn, and there is
nothing to undo before you have played."""

import pathlib
import subprocess
import sys

PLAY = pathlib.Path(__file__).resolve().parents[2] / "examples" / "python" / "play.py"
EMPTY_BOARD_LEGAL = "Legal: " + " ".join(f"{a}{b}" for a in range(1, 10) for b in range(a + 1, 10))


def play(keys: str) -> str:
    result = subprocess.run(
        [sys.executable, str(PLAY), "--seed", "4"], input=keys, capture_output=True, text=True, timeout=60, check=True
    )
    return result.stdout


def test_undo_takes_back_the_last_turn():
    out = play("undo\n15\nundo\nquit\n")
    assert out.count("Nothing to undo: you have not played yet.") == 1
    prompts = out.split("X> ")
    # Four prompts: the start, after the refused undo, after 15 and O's
    # reply, after the undo; the last board is empty again.
    assert len(prompts) == 5 and "O plays" in prompts[2] and "x1" in prompts[2]
    assert "x1" not in prompts[3]
    assert all(p.rstrip().endswith(EMPTY_BOARD_LEGAL) for p in prompts[:4])


def test_bad_tokens_are_explained():
    out = play("55\n5x\n@5\nquit\n")
    assert "spooky mark needs two different squares" in out
    assert "malformed token" in out
    assert "no collapse is pending" in out
