"""Drives the SDL example game (examples/sdl) under Xvfb with real mouse
clicks and key presses (xdotool, through the X server's XTEST extension),
as a person would, and checks what it reports on standard output.

    xvfb-run -a python3 tests/sdl/play_by_mouse.py BUILD/qttt-sdl OUTDIR

Three runs:
1. A complete game, the mouse playing X against the perfect O: every click
   gives the action meant, a collapse is chosen after the preview, the
   computer answers, the game ends; screenshots of the collapse choice, its
   preview and the end go to OUTDIR (shot-1.bmp ... shot-3.bmp).
2. The mouse plays O; X solves the empty board without a time limit (under
   Goff's points, which the opening book does not serve) and with a pace
   of 20 s: two screenshots while it thinks differ (the window keeps
   drawing), and Esc quits at once, the move reported cancelled (not
   played).
3. The same with a 20 ms limit: the answer comes from MCTS at the limit.
"""

import os
import queue
import shutil
import subprocess
import sys
import threading
import time

BOARD_X, BOARD_Y, CELL = 30, 90, 160  # main_board in examples/sdl/main.cpp
TIMEOUT = 60


class Game:
    def __init__(self, binary, *args):
        self.process = subprocess.Popen(
            [binary, *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        self.lines = queue.Queue()
        self.log = []  # every line, in order
        self.unread = []  # lines passed over by expect, in order
        threading.Thread(target=self._read, daemon=True).start()
        window = subprocess.run(
            ["xdotool", "search", "--sync", "--name", "^qttt$"],
            capture_output=True, text=True, timeout=TIMEOUT, check=True,
        ).stdout.split()[0]
        geometry = subprocess.run(
            ["xdotool", "getwindowgeometry", "--shell", window],
            capture_output=True, text=True, check=True,
        ).stdout
        values = dict(line.split("=") for line in geometry.split())
        self.x, self.y = int(values["X"]), int(values["Y"])

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def expect(self, prefix):
        """The first line not yet expected that starts with prefix."""
        for index, line in enumerate(self.unread):
            if line.startswith(prefix):
                return self.unread.pop(index)
        deadline = time.monotonic() + TIMEOUT
        while True:
            line = self.lines.get(timeout=max(0.1, deadline - time.monotonic()))
            if line is None:
                raise AssertionError(f"the game ended before {prefix!r}; it said:\n" + "\n".join(self.log))
            self.log.append(line)
            if line.startswith(prefix):
                return line
            self.unread.append(line)

    def move_to(self, x, y):
        subprocess.run(["xdotool", "mousemove", str(self.x + x), str(self.y + y)], check=True)
        time.sleep(0.15)

    def click_square(self, square):
        row, column = divmod(square - 1, 3)
        self.move_to(BOARD_X + column * CELL + CELL // 2, BOARD_Y + row * CELL + CELL // 2)
        subprocess.run(["xdotool", "click", "1"], check=True)
        time.sleep(0.1)

    def key(self, name):
        subprocess.run(["xdotool", "key", name], check=True)

    def screenshot(self):
        self.key("F12")
        return self.expect("screenshot ").split(" ", 1)[1]

    def quit(self):
        self.key("Escape")
        self.expect("bye")
        assert self.process.wait(timeout=TIMEOUT) == 0, "the game did not exit cleanly"


def play_a_whole_game(binary, out):
    game = Game(binary, "--ai", "perfect", "--human", "x", "--time-limit", "5000", "--seed", "1",
                "--screenshots", out)
    tokens = []
    shots = []
    first = True
    while True:
        line = game.expect("")
        if line.startswith("game over: "):
            break
        if line.startswith("O plays "):
            assert "(perfect" in line or "(mcts" in line, line
            tokens.append(line.split()[2])
        if not line.startswith("X to act: legal "):
            continue
        legal = line.split()[4:]
        if legal[0].startswith("@"):
            # Look at the choice, then at the preview of the first option, then click it.
            game.move_to(10, 10)
            if not shots:
                shots.append(game.screenshot())
            square = int(legal[0][1])
            row, column = divmod(square - 1, 3)
            game.move_to(BOARD_X + column * CELL + CELL // 2, BOARD_Y + row * CELL + CELL // 2)
            if len(shots) == 1:
                shots.append(game.screenshot())
            token = legal[0]
            game.click_square(square)
        else:
            token = "15" if first and "15" in legal else legal[0]
            if len(token) == 2:
                game.click_square(int(token[0]))
                game.click_square(int(token[1]))
            else:
                game.click_square(int(token))
        first = False
        played = game.expect("X plays ")
        assert played == f"X plays {token} (human)", f"clicked for {token}, the game says {played!r}"
        tokens.append(token)
    record = [line for line in game.log if line.startswith("record: ")][-1]
    assert record == "record: " + " ".join(tokens), (record, tokens)
    assert len(shots) == 2, "the mouse never had a collapse to choose"
    game.move_to(10, 10)
    shots.append(game.screenshot())
    game.quit()
    print(f"  complete game by mouse: {' '.join(tokens)} ({line})")
    return shots


def keeps_drawing_and_cancels(binary, out):
    # Goff's points (no opening book: the empty board is searched) and a
    # pace of 20 s: the pace, not the search's speed, keeps X thinking
    # until Esc comes, on any machine (a person's "the computer takes at
    # least this long", cancelled like the search; the C library has no
    # budget of positions to stop a search at a fixed point).
    game = Game(binary, "--ai", "perfect", "--scoring", "goff", "--human", "o", "--time-limit", "0",
                "--pace", "20000", "--screenshots", out)
    game.expect("X thinks (perfect)")
    first = game.screenshot()
    time.sleep(0.25)
    second = game.screenshot()
    game.key("Escape")
    game.expect("quit: the computer's move was cancelled")
    game.expect("bye")
    assert game.process.wait(timeout=TIMEOUT) == 0
    assert not any(line.startswith("X plays") for line in game.log), game.log
    with open(first, "rb") as a, open(second, "rb") as b:
        assert a.read() != b.read(), "the window did not change while the computer thought"
    print("  the window kept drawing while X thought; Esc cancelled its move")


def answers_at_the_time_limit(binary):
    # 20 ms: well below the empty board's search under Goff's points.
    game = Game(binary, "--ai", "perfect", "--scoring", "goff", "--human", "o", "--time-limit", "20")
    answer = game.expect("X plays ")
    assert "(mcts (perfect play took too long)" in answer, answer
    game.expect("O to act: legal ")
    game.quit()
    print(f"  after the time limit: {answer}")


def main():
    binary, out = sys.argv[1], sys.argv[2]
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    shots = play_a_whole_game(binary, out)
    os.makedirs(os.path.join(out, "thinking"))
    keeps_drawing_and_cancels(binary, os.path.join(out, "thinking"))
    answers_at_the_time_limit(binary)
    print("  screenshots: " + " ".join(shots))


if __name__ == "__main__":
    main()
