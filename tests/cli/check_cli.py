"""Checks the `qttt` command-line program against the shared vectors.

    python3 tests/cli/check_cli.py path/to/qttt

- `view` prints, for every record of tests/vectors/games.txt, exactly its view;
- `view` reports every illegal continuation of tests/vectors/illegal.txt as
  an error naming the token and its index, and goes on with the next line;
- `play --demo` finishes a game; `play --humans` survives bad input and
  finishes a game typed in by hand;
- `perft` agrees with tests/vectors/perft.txt.
"""

import json
import shutil
import pathlib
import subprocess
import sys

VECTORS = pathlib.Path(__file__).resolve().parent.parent / "vectors"
failures = []
passed = 0


def run(binary, args, stdin=""):
    result = subprocess.run([binary, *args], input=stdin, capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        failures.append(f"{args}: exit {result.returncode}: {result.stderr}")
    return result.stdout


def check(condition, message):
    global passed
    if condition:
        passed += 1
    else:
        failures.append(message)


def games():
    lines = (VECTORS / "games.txt").read_text().splitlines()
    for i, line in enumerate(lines):
        if line.startswith("record:"):
            yield line[len("record:"):].strip(), lines[i + 1][len("view: "):]


def data(name):
    for line in (VECTORS / name).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            yield [field.strip() for field in line.split("|")]


def main(binary):
    vectors = list(games())
    out = run(binary, ["view"], "".join(record + "\n" for record, _ in vectors)).splitlines()
    check(len(out) == len(vectors), f"view printed {len(out)} lines for {len(vectors)} records")
    for (record, expected), got in zip(vectors, out):
        check(got == expected, f"view of {record!r}:\n  got  {got}\n  want {expected}")

    illegal = list(data("illegal.txt"))
    records = [f"{record} {token}".strip() for record, token, _ in illegal]
    out = run(binary, ["view"], "\n".join(records) + "\n").splitlines()
    check(len(out) == len(records), "view printed one line per illegal record")
    for (record, token, reason), line in zip(illegal, out):
        error = json.loads(line).get("error", {})
        check(list(error) == ["token_index", "token", "code", "message"], f"error keys: {line}")
        check(error.get("code") == reason, f"{record} | {token}: code {error.get('code')}, want {reason}")
        check(error.get("token") == token, f"{record} | {token}: {line}")
        check(error.get("token_index") == len(record.split()), f"{record} | {token}: {line}")

    demo = run(binary, ["play", "--demo", "--seed", "5"])
    check("Game over" in demo and "Record:" in demo, "play --demo finishes a game")

    typed = "\n".join(["xyz", "55", "@5", "58", "47", "67", "59", "48", "12 34", "68", "@3", "@8", ""])
    out = run(binary, ["play", "--humans"], typed)
    check("Game over: X wins" in out, "a typed game reaches the worked example's end")
    check(out.count("malformed token") == 2, "bad tokens are explained and asked again")
    check("not legal now" in out and "not one of the newest mark's squares" in out, "illegal tokens are explained")
    check("If you choose @6:" in out and "If you choose @8:" in out, "both collapse outcomes are drawn")

    for record, depth, count in data("perft.txt"):
        if int(depth) <= 3:
            got = run(binary, ["perft", depth, record]).split()
            check(got[-2:] == [depth, count], f"perft {depth} {record!r}: {got[-2:]} != {count}")

    solved = run(binary, ["solve", "58 47 67 59 48 68"])
    check("value: X wins at move 6" in solved and "optimal actions: @8\n" in solved, f"solve: {solved}")
    goff = run(binary, ["solve", "58 47 67 59 48 68", "--scoring", "goff"])
    check("value: X wins by" in goff and "(X's points minus O's: +" in goff, f"solve --scoring goff: {goff}")
    one = run(binary, ["solve", "58 47 67 59 48 68", "--threads", "1"])
    check("optimal actions: @8\n" in one and "(1 thread for" in one, f"solve --threads 1: {one}")
    no_threads = subprocess.run([binary, "solve", "--threads", "0"], capture_output=True, text=True, timeout=60)
    check(no_threads.returncode == 2 and "'--threads <THREADS>'" in no_threads.stderr, "solve --threads 0")
    stats = run(binary, ["stats", "1000", "--seed", "3"])
    check(stats.count("±") == 5 and "1000 games, seed 3" in stats, f"stats: {stats}")
    # Worked by hand (the GameCounter docs): 2 + 6 + 6 complete games.
    counted = run(binary, ["count", "12 12 @1 34 34 @3 56 56 @5 78"])
    check("complete games: 14\n" in counted, f"count: {counted}")
    # By hand: 36 first marks in 8 symmetry classes (analysis.md lists them);
    # after 13 actions only full boards, every numbering of the 9 squares.
    plain = run(binary, ["positions", "--plain"]).splitlines()
    check(plain[2] == "1\t36\t8\t0\t0\t0\t0", f"positions after one action: {plain[2]}")
    check(plain[14].split("\t")[1] == "362880", f"positions after 13 actions: {plain[14]}")
    table = run(binary, ["positions"])
    check("whole game" in table and "up to symmetry" in table, f"positions: {table}")
    bad_stats = subprocess.run([binary, "stats", "10", "--seed"], capture_output=True, text=True, timeout=60)
    check(bad_stats.returncode == 2 and "'--seed <SEED>'" in bad_stats.stderr, "stats --seed without a value")
    mcts = run(binary, ["play", "--demo", "--ai", "mcts", "--seed", "2"])
    check("Game over" in mcts and "Record:" in mcts, "play --demo --ai mcts finishes a game")
    perfect = run(binary, ["play", "--demo", "--ai", "perfect", "--seed", "2"])
    check("Game over: X wins" in perfect, "perfect play from the empty board: X wins")

    # A finished game has no actions to list; unknown scorings name the valid ones.
    # `solve -` with --json: one line per record of standard input, one solver.
    # Worked by hand: X chooses @8 (id 45 + 7 = 52) and has the line 4-5-6 at
    # once (O's 7-8-9 comes later, subscripts 2, 4, 6); O's @9 (id 53) draws,
    # @8 hands X the line 7-8-9; an empty line is the empty board, a first
    # player's win that uses all nine moves (the published result).
    lines = run(binary, ["solve", "-", "--json"],
                "58 47 67 59 48 68\n12 12 @2 35 35 @5 46 46 @6 78 79 89\n\n").splitlines()
    check(len(lines) == 3, f"solve - --json: one line per record: {lines}")
    rows = [json.loads(line) for line in lines]
    if len(rows) == 3:
        first, second, empty = rows
        check((first["to_act"], first["value"], first["end_move"], first["optimal"], first["optimal_mask"])
              == ("X", 1.0, 6, ["@8"], 1 << 52), f"solve - --json, first: {first}")
        check((second["to_act"], second["value"], second["optimal"], second["optimal_mask"]) == ("O", 0.0, ["@9"], 1 << 53),
              f"solve - --json, second: {second}")
        check([(v["action"], v["value"]) for v in second["action_values"]] == [("@9", 0.0), ("@8", 1.0)],
              f"solve - --json, action values: {second['action_values']}")
        check((empty["record"], empty["value"], empty["end_move"], len(empty["action_values"])) == ("", 1.0, 9, 36),
              f"solve - --json, empty board: {empty}")
    text = run(binary, ["solve", "-"], "58 47 67 59 48 68\n58 47 67 59 48 68 @8\n")
    check(text.count("position: ") == 2 and "optimal actions: @8\n" in text, f"solve - (text): {text}")
    one = run(binary, ["solve", "58 47 67 59 48 68", "--json"])
    check(json.loads(one)["optimal"] == ["@8"], f"solve RECORD --json: {one}")
    bad = subprocess.run([binary, "solve", "-", "--json"], input="58\n12 99\n", capture_output=True, text=True,
                         timeout=60)
    check(bad.returncode == 1 and len(bad.stdout.splitlines()) == 1 and "line 2" in bad.stderr,
          f"solve - with a bad second line: {bad.returncode} {bad.stdout!r} {bad.stderr!r}")
    over = run(binary, ["solve", "58 47 67 59 48 68 @8"])
    check("the game is over: no actions are left" in over and "optimal actions:" not in over, f"solve, over: {over}")
    bogus = subprocess.run([binary, "solve", "--scoring", "bogus"], capture_output=True, text=True, timeout=60)
    check(
        bogus.returncode == 2 and "'bogus' for '--scoring <SCORING>': not a scoring: expected single, goff or complete" in bogus.stderr,
        f"solve --scoring bogus: {bogus.stderr}",
    )
    check("Some(" not in bogus.stderr and "None" not in bogus.stderr, "no Rust internals in messages")
    # perft is bounded unless asked: depth 8 and beyond need --deep.
    deep = subprocess.run([binary, "perft", "12"], capture_output=True, text=True, timeout=60)
    check(deep.returncode == 2 and "add --deep" in deep.stderr, f"perft 12 without --deep: {deep.stderr}")
    # Hints: one line per value, the best for the player to act first
    # (worked out in the README's solver table: 19 and 37 win for X, the
    # other 34 first moves draw).
    hints = run(binary, ["play", "--hint"], "quit\n")
    lines = [line.strip() for line in hints.splitlines()]
    start = lines.index("Hints (perfect play from then on):")
    check(lines[start + 1] == "X wins at move 9: 19 37", f"hints, first line: {lines[start + 1]}")
    check(lines[start + 2].startswith("draw: 12 13 14") and len(lines[start + 2].split()) == 35, "hints, draws")

    # undo before the human has played says so (the computer's opening stays).
    as_o = run(binary, ["play", "--as", "o", "--seed", "3"], "undo\nquit\n")
    check(as_o.count("Nothing to undo: you have not played yet.") == 1, f"undo first as O: {as_o}")
    check(as_o.count("X plays") == 1, "undo first as O keeps the computer's opening")

    usage = subprocess.run([binary, "play", "--as"], capture_output=True, text=True, timeout=60)
    check(usage.returncode == 2 and "'--as <SIDE>'" in usage.stderr, "a usage error is reported with status 2")
    bad_record = subprocess.run([binary, "solve", "12 99"], capture_output=True, text=True, timeout=60)
    check(
        bad_record.returncode == 1 and "token 1 `99`" in bad_record.stderr and "same square" not in bad_record.stdout,
        f"a record that is not a game fails with status 1: {bad_record.stderr}",
    )
    # review: values from the model's minimax (tests/model/perfect_play.py),
    # as in qttt/tests/review.rs: X gives away the win, O gives it back,
    # X gives away the draw.
    reviewed = run(binary, ["review", "28 14 25 57 49 69 47 79 @9", "--from", "7"]).splitlines()
    rows = [line.split()[:5] for line in reviewed[2:5]]
    check(
        rows == [["7", "X", "47", "+1", "-1"], ["8", "O", "79", "-1", "0"], ["9", "X", "@9", "0", "-1"]],
        f"review rows: {rows}",
    )
    check("draw given away; best: @7;" in reviewed[4], f"review verdict: {reviewed[4]}")
    check(reviewed[5] == "value at the end: -1; 3 actions lost value", f"review summary: {reviewed[5]}")
    annotated = run(binary, ["review", "28 14 25 57 49 69 47 79 @9", "--from", "7", "--qgn"])
    check('[Start "28 14 25 57 49 69"]' in annotated and "7. 47?? {[%value -1]" in annotated, annotated)
    example = (VECTORS.parent.parent / "qttt/tests/gamefile/example.qgn").read_text()
    check(run(binary, ["gamefile", "-"], example) == example, "gamefile writes the example unchanged")
    check(run(binary, ["gamefile", "--records"], example) == "58 47 67 59 48 68 @8\n", "gamefile --records")
    broken = subprocess.run([binary, "gamefile"], input="1. 12 2. 12\n3. 34", capture_output=True, text=True, timeout=60)
    check(
        broken.returncode == 1 and broken.stderr.startswith("qttt: <stdin>:2:4: ply 3 `34`"),
        f"gamefile names the line and column: {broken.stderr}",
    )
    # --lenient: the games that read on standard output, each broken
    # game's error on standard error (line 5 is `1. 15 2. 59 3. 11 *`,
    # `11` in column 16), status 1.
    typo = '[Round "1"]\n1. 12 *\n\n[Round "2"]\n1. 15 2. 59 3. 11 *\n\n[Round "3"]\n1. 19 *\n'
    lenient = subprocess.run(
        [binary, "gamefile", "--lenient", "--records"], input=typo, capture_output=True, text=True, timeout=60
    )
    check(
        lenient.returncode == 1
        and lenient.stdout == "12\n19\n"
        and lenient.stderr.startswith("<stdin>:5:16: game 2: ply 3 `11`: ")
        and lenient.stderr.endswith("\nqttt: games that do not parse: 1 of 3\n"),
        f"gamefile --lenient: {lenient.stdout!r} {lenient.stderr!r}",
    )
    for command in ["play", "view", "perft", "solve", "openings", "count", "stats", "review", "gamefile"]:
        helped = subprocess.run([binary, command, "--help"], capture_output=True, text=True, timeout=60)
        check(helped.returncode == 0 and f"Usage: qttt {command}" in helped.stdout, f"{command} --help")
    version = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=60)
    check(version.returncode == 0 and version.stdout.startswith("qttt 0."), f"--version: {version.stdout}")
    # On a terminal (a pseudo-terminal from util-linux's `script`) long work
    # shows what it is doing; off one (here: a pipe) nothing at all.
    if shutil.which("script"):
        shown = subprocess.run(
            ["script", "-qc", f"{binary} perft 6", "/dev/null"], capture_output=True, text=True, timeout=120
        )
        check(shown.returncode == 0 and "perft 6 (" in shown.stdout, "progress on a terminal")
    # Off a terminal (here: a pipe) long work shows no progress at all.
    quiet = subprocess.run([binary, "perft", "6"], capture_output=True, text=True, timeout=120)
    check(quiet.returncode == 0 and quiet.stderr == "", f"no progress off a terminal: {quiet.stderr!r}")

    for failure in failures:
        print("FAIL:", failure)
    print(f"cli: {passed} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
