"""The lesson's words in English (docs/lesson.md and the printables).

make.py works every answer out with the engine and says it with these
sentences. Every language's module (nl.py, ru.py, da.py, de.py) defines
the same names: FILE, the lesson's file under docs/; TABLE, the sequence's
column heads; STEPS, each step's title and what happens, in make.py's
order (`{ensemble[B]}` is position B's classical ensemble, counted by
the engine); CONCEPTS and QUESTIONS, by position letter and question; and the
answer key's sentences below, which get the engine's answers (marks such
as "X1", squares, players "X" or "O", tokens already in backticks).
"""

FILE = "lesson.md"

TABLE = ("minutes", "step", "open the playground at", "what happens")

STEPS = [
    ("Start", "Show the rules page. Ordinary tic-tac-toe always ends in a draw between careful players. Hand out "
     "the worksheet; students guess A1."),
    ("Superposition", "Play 15 and 26 on the projector. Each mark is in two squares at once. Point to the classical "
     "ensemble under the board: the boards the position can still become. Students answer B1 and B2, then check the ensemble's "
     "count."),
    ("Entanglement", "O2 shares square 5 with X1; the entanglement line joins their squares. The ensemble shrinks "
     "from {ensemble[B]} to {ensemble[C]}: the marks are not independent any more. C1 and C2."),
    ("Measurement as collapse", "X3 closes the cycle 1-5-9. O chooses; step through the collapse one forced move "
     "at a time. The ensemble had {ensemble[D]} boards; the choice keeps one. D1 to D3."),
    ("Why the choice matters", "A collapse choice decides the game. Students predict both outcomes (E1), then "
     "switch the hints on to see the solver's values (E2)."),
    ("Two lines at once", "The rules' worked example: one collapse gives both players a line; the earlier line "
     "wins. F1 to F3."),
    ("A game in pairs", "Pairs play one game (tables server or one screen each pair), then review it: the first "
     "action that lost value is the one to talk about."),
    ("Exit", "Each student writes one sentence: which rule of the game stands for superposition, which for "
     "entanglement, which for measurement, and where the metaphor stops."),
]

CONCEPTS = {
    "A": "the empty board",
    "B": "superposition",
    "C": "entanglement",
    "D": "measurement as collapse",
    "E": "why the choice matters",
    "F": "two lines at once",
}

NO_MOVES = "no moves yet"

QUESTIONS = {
    "A1": "Ordinary tic-tac-toe is a draw if nobody makes a mistake. What about quantum tic-tac-toe?",
    "B1": "Where is X's mark 1?",
    "B2": "How many classical boards can this position still become? List them.",
    "C1": "How many classical boards can this position still become? Why not four?",
    "C2": "If X1 ends in square 5, where must O2 end?",
    "D1": "Which mark closed a cycle, and who chooses where it lands?",
    "D2": "How many classical boards are still possible before the choice?",
    "D3": "Where does every mark land after @1? And after @9?",
    "E1": "X chooses where O8 lands. What happens after each choice?",
    "E2": "Which choice should X make?",
    "F1": "X chooses @8. Who has a line, and who wins? Why?",
    "F2": "How would Goff's published points score it?",
    "F3": "Would @6 have won for X too? (Ask the hints.)",
}

SHEET = {
    "boards": "Quantum tic-tac-toe: boards to play on",
    "how": "Write each mark small, with its number, in both of its squares (x1 in 1 and 5); when a cycle collapses, "
           "write the big classical marks. Squares are numbered 1 2 3 / 4 5 6 / 7 8 9.",
    "record": "Record:",
    "worksheet": "Quantum tic-tac-toe: worksheet ({n})",
    "name": "Name:",
    "class": "Class:",
    "answers": "Quantum tic-tac-toe: worksheet answers (worked out by the engine)",
}
"""The printables' words: the board sheet's title, how to write on it and
its record line; the worksheet's title ({n} its page), name and class
lines, and its answer page's title; every page's footer."""

DRAW = "a draw"


def value(v: float) -> str:
    """A solver's value (X's points minus O's under perfect play)."""
    return {1.0: "X wins", 0.0: "a draw", -1.0: "O wins"}.get(v, f"X {v:+g}")


def at(mark: str, square: int) -> str:
    return f"{mark} in {square}"


def boards(n: int) -> str:
    return f"{n} board" if n == 1 else f"{n} boards"


def empty_board(value: str, end: int) -> str:
    return (f"{value} if neither player makes a mistake (the solver's value of the empty board; the game then "
            f"ends on move {end}); ordinary tic-tac-toe is a draw.")


def spooky_squares(a: int, b: int) -> str:
    return f"in squares {a} and {b} at once: spooky, until a collapse decides."


def ensemble(n: int, listed: list[str], kept: list[tuple[str, int]]) -> str:
    """n boards, each listed; each collapse choice's token and the board it keeps."""
    text = f"{boards(n)}: " + "; ".join(f"({b})" for b in listed) + "."
    return " ".join([text] + [f"`{token}` keeps board {k}." for token, k in kept])


def missing(kept: int, every: int, lost: list[str]) -> str:
    return (f"{kept} of the {every} combinations remain; "
            + "; ".join(f"({b}) is impossible: one square cannot hold two marks" for b in lost) + ".")


def forced(mark: str, square: int, others: list[str]) -> str:
    """The other marks of every classical board that puts mark in square."""
    if len(others) == 1:
        return f"only one classical board puts {mark} in {square}, and it has {others[0]}."
    return f"{len(others)} classical boards put {mark} in {square}: " + "; ".join(others) + "."


def who_chooses(mark: str, a: int, b: int, player: str, tokens: list[str]) -> str:
    return (f"{mark} closed the cycle (its squares {a} and {b} were already connected); {player} chooses where it "
            f"lands: " + " or ".join(tokens) + ".")


def no_line(player: str) -> str:
    return f"no line yet; {player} moves next"


def line(player: str, squares: str, highest: int) -> str:
    return f"{player} has the line {squares} (highest number {highest})"


def won(lines: list[str], winner: str) -> str:
    return "; ".join(lines) + f": {winner} wins"


def after_each(choices: list[tuple[str, str, str]]) -> str:
    """Each choice's token, where every mark lands, and the outcome."""
    return ". ".join(f"`{token}`: {landing}; {outcome}" for token, landing, outcome in choices) + "."


def solved(value: str, end: int, best: list[str]) -> str:
    return f"{value} with perfect play (the game then ends on move {end}); the best: {', '.join(best)}."


def goff(single: str, points: str) -> str:
    return (f"the single result (this engine's): {single}; Goff's points: X's points minus O's is {points} (the "
            f"earlier line scores 1, the other 1/2).")


def after(token: str, solved: str) -> str:
    return f"after {token}: {solved}"
