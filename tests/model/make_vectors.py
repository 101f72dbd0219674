"""Writes (or, with --check, verifies) the shared test vectors in tests/vectors/.

Every case below was worked out by hand on paper first: the comment says what
it checks, and `hand` records the hand-worked result as
"<phase> <who> | <classical marks>", where <who> is the player to act (or,
once the game is over, the winner or "draw") and the classical marks are
"<square><mark>" items, e.g. "4X5". The independent model in qttt_model.py
then computes the full JSON view; the script refuses to write anything if
the model and the hand-worked facts disagree.

    python3 tests/model/make_vectors.py          # rewrite tests/vectors/*.txt
    python3 tests/model/make_vectors.py --check  # fail if any of the three is stale
    python3 tests/model/make_vectors.py --deep   # also recompute the deep perft counts (slow)
"""

import pathlib
import sys

from qttt_model import IllegalAction, Model, perft

VECTORS = pathlib.Path(__file__).resolve().parent.parent / "vectors"

# Reused openings (all hand-worked): in each 2-cycle "ab ab @b" O closes the
# cycle, X sends O's mark to b and X's mark to a.
XXOO = "14 14 @4 25 25 @5"  # 1X1 2X3 4O2 5O4, X to move 5
XOXO = "12 12 @2 35 35 @5 46 46 @6"  # 1X1 2O2 3X3 4X5 5O4 6O6, X to move 7
STAR = "15 25 35 45 56 57 58 59"  # eight spooky marks, all through square 5

GAMES = [
    ("empty board: X to move, all 36 pairs legal", "", "move X | -"),
    ("one spooky mark in two squares", "15", "move O | -"),
    ("O repeats X's pair: a 2-cycle, X chooses", "15 15", "collapse X | -"),
    ("2-cycle: O2 lands in 1, X1 forced to 5; the chooser X moves next", "15 15 @1", "move X | 1O2 5X1"),
    ("2-cycle, other choice: O2 in 5, X1 forced to 1", "15 15 @5", "move X | 1X1 5O2"),
    ("squares in either order parse; the record is written ascending", "51 15", "collapse X | -"),
    ("after the collapse the chooser's own move", "15 15 @1 26", "move O | 1O2 5X1"),
    ("3-cycle 1-2-3 closed by X3: O chooses", "12 23 13", "collapse O | -"),
    ("3-cycle: X3 in 1 forces X1 to 2 and O2 to 3", "12 23 13 @1", "move O | 1X3 2X1 3O2"),
    ("3-cycle: X3 in 3 forces O2 to 2 and X1 to 1", "12 23 13 @3", "move O | 1X1 2O2 3X3"),
    ("3-cycle with a stem X3 3-4 hanging off square 3", "12 23 34 13", "collapse X | -"),
    ("stem forced outward: O4 in 1, X1 to 2, O2 to 3, X3 to 4", "12 23 34 13 @1", "move X | 1O4 2X1 3O2 4X3"),
    ("stem forced outward: O4 in 3, O2 to 2, X3 to 4, X1 to 1", "12 23 34 13 @3", "move X | 1X1 2O2 3O4 4X3"),
    ("a separate entanglement (X1 5-6) stays spooky through a collapse", "56 12 12 @1", "move O | 1X3 2O2"),
    ("docs/API.md: two records, one position (X3 on 1, X1 on 2, O2 on 3)", "12 13 12 @1", "move O | 1X3 2X1 3O2"),
    ("docs/API.md: the other record of the same position", "12 13 13 @1", "move O | 1X3 2X1 3O2"),
    ("4-cycle 1-2-3-4 closed by O4", "12 23 34 14", "collapse X | -"),
    ("4-cycle: O4 in 1 sends the others round one way", "12 23 34 14 @1", "move X | 1O4 2X1 3O2 4X3"),
    ("4-cycle: O4 in 4 sends them round the other way", "12 23 34 14 @4", "move X | 1X1 2O2 3X3 4O4"),
    ("3-cycle 1-2-3 with stem O2 3-4, two separate trees 5-6 and 7-8", "12 34 56 23 78 13", "collapse X | -"),
    ("O6 in 3 forces O4 to 2, O2 to 4, X1 to 1; X3 and X5 stay spooky", "12 34 56 23 78 13 @3", "move X | 1X1 2O4 3O6 4O2"),
    ("O6 in 1 forces X1 to 2, O4 to 3, O2 to 4; X3 and X5 stay spooky", "12 34 56 23 78 13 @1", "move X | 1O6 2X1 3O4 4O2"),
    ("a star of four marks on square 5, closed by X5 1-2", "15 25 35 45 12", "collapse O | -"),
    ("star: X5 in 1 forces X1 to 5 and every other star mark outward", "15 25 35 45 12 @1", "move O | 1X5 2O2 3X3 4O4 5X1"),
    ("star: X5 in 2 gives X the row 1-2-3; the game ends before the chooser O moves", "15 25 35 45 12 @2", "over X | 1X1 2X5 3X3 4O4 5O2"),
    ("RULES.md worked example before the choice: O6 closed 8-4-7-6", "58 47 67 59 48 68", "collapse X | -"),
    ("RULES.md worked example: lines for both, X's highest 5 < O's 6, X wins", "58 47 67 59 48 68 @8", "over X | 4X5 5X1 6X3 7O2 8O6 9O4"),
    ("worked example, other choice: a 6-mark chain, no line, play goes on", "58 47 67 59 48 68 @6", "move X | 4O2 5X1 6O6 7X3 8X5 9O4"),
    ("collapse completes X's row 1-2-3 only: X wins", XXOO + " 39 39 @9", "over X | 1X1 2X3 3X5 4O2 5O4 9O6"),
    ("one collapse completes both rows: X's (highest 5) beats O's (highest 6)", XXOO + " 36 36 @6", "over X | 1X1 2X3 3X5 4O2 5O4 6O6"),
    ("3-cycle 3-6-9 with X5 7-8 apart", XXOO + " 78 69 36 39", "collapse X | 1X1 2X3 4O2 5O4"),
    ("lines for both, O's (highest 6) completed before X's (highest 7): O wins", XXOO + " 78 69 36 39 @9", "over O | 1X1 2X3 3X7 4O2 5O4 6O6 9O8"),
    ("no line; two free squares, so move 9 is spooky and only 78 fits", XXOO + " 78 69 36 39 @3", "move X | 1X1 2X3 3O8 4O2 5O4 6X7 9O6"),
    ("a spooky 9th move always closes a cycle (here with X5)", XXOO + " 78 69 36 39 @3 78", "collapse O | 1X1 2X3 3O8 4O2 5O4 6X7 9O6"),
    ("move-9 collapse fills the board without a line: draw", XXOO + " 78 69 36 39 @3 78 @7", "over draw | 1X1 2X3 3O8 4O2 5O4 6X7 7X9 8X5 9O6"),
    ("move-9 collapse, other choice: also a draw", XXOO + " 78 69 36 39 @3 78 @8", "over draw | 1X1 2X3 3O8 4O2 5O4 6X7 7X5 8X9 9O6"),
    ("eight classical marks: the only legal move is the classical 1", "25 25 @5 36 36 @6 48 48 @8 79 79 @9", "move X | 2X1 3X3 4X5 5O2 6O4 7X7 8O6 9O8"),
    ("classical 9th move completes two X lines (1-2-3 and 1-4-7): one win", "25 25 @5 36 36 @6 48 48 @8 79 79 @9 1", "over X | 1X9 2X1 3X3 4X5 5O2 6O4 7X7 8O6 9O8"),
    ("classical 9th move fills the board without a line: draw", "12 12 @2 35 35 @5 46 46 @6 78 78 @7 9", "over draw | 1X1 2O2 3X3 4X5 5O4 6O6 7O8 8X7 9X9"),
    ("classical 9th move completes X's row 1-2-3", XXOO + " 68 68 @8 79 79 @9 3", "over X | 1X1 2X3 3X9 4O2 5O4 6X5 7X7 8O6 9O8"),
    ("spooky 9th move on three free squares closes the cycle 7-8-9", XOXO + " 78 79 89", "collapse O | 1X1 2O2 3X3 4X5 5O4 6O6"),
    ("move-9 collapse gives X the column 1-4-7", XOXO + " 78 79 89 @8", "over X | 1X1 2O2 3X3 4X5 5O4 6O6 7X7 8X9 9O8"),
    ("move-9 collapse, other choice: full board, no line, draw", XOXO + " 78 79 89 @9", "over draw | 1X1 2O2 3X3 4X5 5O4 6O6 7O8 8X7 9X9"),
    ("eight spooky marks in square 5, no cycle: every move 9 closes one", STAR, "move X | -"),
    ("star collapse from square 1: every mark forced, no line, draw", STAR + " 12 @1", "over draw | 1X9 2O2 3X3 4O4 5X1 6X5 7O6 8X7 9O8"),
    ("star collapse from square 2: X's row 1-2-3 wins", STAR + " 12 @2", "over X | 1X1 2X9 3X3 4O4 5O2 6X5 7O6 8X7 9O8"),
    ("X wins on the diagonal 1-5-9", "12 12 @2 45 45 @4 39 39 @3", "over X | 1X1 2O2 3O6 4O4 5X3 9X5"),
    ("O wins on the diagonal 3-5-7 in a collapse X had to choose", "13 13 @3 25 25 @5 47 47 @7", "over O | 1X1 2X3 3O2 4X5 5O4 7O6"),
    ("four disjoint spooky marks, listed by move number", "19 28 37 46", "move X | -"),
]

# (comment, record, token, reason): every reason code of docs/API.md, worked by hand.
ILLEGAL = [
    ("two digits naming one square", "", "55", "same_square_twice"),
    ("not a token", "", "5x", "malformed_token"),
    ("no square 0", "", "0", "malformed_token"),
    ("three digits", "", "123", "malformed_token"),
    ("`@` without a square", "", "@", "malformed_token"),
    ("collapse choice with nothing to collapse", "", "@5", "no_collapse_pending"),
    ("classical move with nine free squares", "", "5", "classical_move_not_allowed"),
    ("classical move on a square holding a spooky mark", "15", "1", "classical_move_not_allowed"),
    ("a move while a collapse is pending", "15 15", "23", "collapse_pending"),
    ("a classical move while a collapse is pending", "15 15", "5", "collapse_pending"),
    ("square 2 is not one of O2's squares", "15 15", "@2", "not_collapse_option"),
    ("square 2 is in the cycle but not one of the newest mark's squares", "12 23 13", "@2", "not_collapse_option"),
    ("the token is checked before the position", "12 23 13", "55", "same_square_twice"),
    ("square 1 is classical", "15 15 @1", "12", "square_classical"),
    ("square 5 is classical (squares in descending order)", "15 15 @1", "65", "square_classical"),
    ("a classical move is refused before its square is looked at", "15 15 @1", "1", "classical_move_not_allowed"),
    ("the collapse is over", "15 15 @1", "@1", "no_collapse_pending"),
    ("square 9 is classical", XXOO + " 78 69 36 39 @3", "79", "square_classical"),
    ("two free squares: no classical move", XXOO + " 78 69 36 39 @3", "7", "classical_move_not_allowed"),
    ("only square 1 is free: no spooky move", "25 25 @5 36 36 @6 48 48 @8 79 79 @9", "12", "spooky_move_on_last_square"),
    ("only square 1 is free: no spooky move even on free-looking pairs", "25 25 @5 36 36 @6 48 48 @8 79 79 @9", "23", "spooky_move_on_last_square"),
    ("the last classical move must go to the free square", "25 25 @5 36 36 @6 48 48 @8 79 79 @9", "2", "square_classical"),
    ("nothing to collapse before the last move", "25 25 @5 36 36 @6 48 48 @8 79 79 @9", "@1", "no_collapse_pending"),
    ("won game: no more moves", "58 47 67 59 48 68 @8", "12", "game_over"),
    ("won game: no more collapse choices", "58 47 67 59 48 68 @8", "@8", "game_over"),
    ("won game: token errors still come first", "58 47 67 59 48 68 @8", "55", "same_square_twice"),
    ("drawn game: nothing more", "12 12 @2 35 35 @5 46 46 @6 78 78 @7 9", "9", "game_over"),
]

# (record, maximum depth): perft counts computed by the model.
PERFT = [("", 4), ("15 15", 3), (XXOO, 4), (XXOO + " 78 69 36 39 @3", 3), (STAR, 2)]
# (record, depth, count): deeper counts the model computed once (18 minutes
# for depth 5 from the empty board); `--deep` recomputes them.
DEEP_PERFT = [("", 5, 48684888)]


def hand_facts(game):
    """The model's result in the hand-worked notation."""
    phase = game.phase()
    who = (game.winner() or "draw") if phase == "over" else game.to_act()
    marks = " ".join(f"{s}{'X' if n % 2 else 'O'}{n}" for s, n in sorted(game.classical.items()))
    return f"{phase} {who} | {marks or '-'}"


def games_file():
    out = ["# Shared test vectors: game records and their exact JSON views (docs/API.md).",
           "# Blocks of three lines: '# what it checks', 'record: <record>', 'view: <JSON view>'.",
           "# Written by tests/model/make_vectors.py from hand-worked cases; do not edit.", ""]
    for comment, record, hand in GAMES:
        game = Model.replay(record)
        if hand_facts(game) != hand:
            sys.exit(f"model and hand disagree on {record!r}: model {hand_facts(game)!r}, hand {hand!r}")
        out += [f"# {comment}", f"record: {record}".rstrip(), f"view: {game.view()}", ""]
    return "\n".join(out)


def illegal_file():
    out = ["# Illegal continuations: 'record | token | reason code'.",
           "# The record is legal; applying the token to it must fail with the reason,",
           "# leaving the game unchanged. Written by tests/model/make_vectors.py.", ""]
    for comment, record, token, reason in ILLEGAL:
        model_reason = Model.replay(record).reason(token)
        if model_reason != reason:
            sys.exit(f"model and hand disagree on {record!r} + {token!r}: {model_reason} vs {reason}")
        out += [f"# {comment}", f"{record} | {token} | {reason}"]
    return "\n".join(out) + "\n"


def perft_file():
    out = ["# perft: 'record | depth | action sequences of exactly that many actions'.",
           "# Computed by the independent model; written by tests/model/make_vectors.py.", ""]
    for record, depth in PERFT:
        for d in range(1, depth + 1):
            out.append(f"{record} | {d} | {perft(Model.replay(record), d)}")
    for record, depth, count in DEEP_PERFT:
        if "--deep" in sys.argv[1:] and perft(Model.replay(record), depth) != count:
            sys.exit(f"the model no longer gives {count} for perft {depth} of {record!r}")
        out.append(f"{record} | {depth} | {count}")
    return "\n".join(out) + "\n"


def main():
    check = "--check" in sys.argv[1:]
    files = {"games.txt": games_file(), "illegal.txt": illegal_file(), "perft.txt": perft_file()}
    stale = []
    for name, text in files.items():
        path = VECTORS / name
        if check:
            if not path.exists() or path.read_text() != text:
                stale.append(name)
        else:
            path.write_text(text)
    if stale:
        sys.exit(f"stale vectors (rerun tests/model/make_vectors.py): {', '.join(stale)}")
    print(f"vectors {'match the model' if check else 'written'}: {', '.join(files)}")


if __name__ == "__main__":
    main()
