"""Makes the lesson's generated parts and the printables from the engine.

    python docs/lesson/make.py                 # rewrites docs/lesson.md's generated parts and docs/printables/
    python docs/lesson/make.py --check --out target/classroom/printables
                                               # writes the pages under --out, fails if docs/ is not up to date

Everything a student is asked about is one of POSITIONS below, and every
answer in the key is computed here with the Python module `qttt` (the
engine's rules, solver and drawing): nothing in the key is typed by hand.
The printables (a board sheet, the lesson's worksheet with an answer key,
and a puzzle page from the shipped puzzles with an answer key) are SVG
pages in A4 and US Letter, drawn with the engine's own boards
(`Game.svg()`). With --pdf (it needs rsvg-convert, from Debian's
librsvg2-bin) each sheet is also written as one PDF under --out.
"""

from __future__ import annotations

import argparse
import itertools
import pathlib
import subprocess
import sys
import textwrap
from dataclasses import dataclass, field
from typing import Callable
from urllib.parse import quote_plus

import qttt
from qttt import puzzles
from qttt.paper import FOOTER, FRAME_H, PAPERS, TEXT, Page

ROOT = pathlib.Path(__file__).resolve().parents[2]
LESSON = ROOT / "docs" / "lesson.md"
PRINTABLES = ROOT / "docs" / "printables"


# ---------------------------------------------------------------- answers


def link(record: str) -> str:
    """The playground's link to a position, relative to its address: the
    hash web/links.js reads (spaces as +, which URLSearchParams reads as
    spaces)."""
    return "#record=" + quote_plus(record, safe="@")


def player_name(player: qttt.Player | None) -> str:
    return "nobody" if player is None else str(player)


def value_words(value: float) -> str:
    """A solver's value (X's points minus O's under perfect play) in words."""
    return {1.0: "X wins", 0.0: "a draw", -1.0: "O wins"}.get(value, f"X {value:+g}")


def classical_boards(game: qttt.Game) -> list[dict[str, int]]:
    """The classical ensemble as a student lists it: every way each spooky
    mark can end in one of its two squares with no square holding two
    marks (and none a square that is already classical). Each board maps a
    mark ("X1") to its square."""
    view = game.view_dict()
    taken = {int(square) for square in view["classical"]}
    spooky = list(view["spooky"].items())
    boards = []
    for squares in itertools.product(*(pair for _, pair in spooky)):
        if len(set(squares)) == len(squares) and not taken.intersection(squares):
            boards.append({mark: square for (mark, _), square in zip(spooky, squares)})
    return boards


def board_words(board: dict[str, int]) -> str:
    return ", ".join(f"{mark} in {square}" for mark, square in board.items())


def ensemble_answer(game: qttt.Game) -> str:
    boards = classical_boards(game)
    listed = "; ".join(f"({board_words(b)})" for b in boards)
    kept = ""
    if game.phase == qttt.Phase.COLLAPSE:
        # Each collapse choice keeps one of them: the measurement's outcome.
        kept = " " + " ".join(
            f"`{a.token}` keeps board {1 + boards.index(classical_of(game.apply(a)))}." for a in game.legal_actions()
        )
    return f"{len(boards)} boards: {listed}.{kept}"


def classical_of(game: qttt.Game) -> dict[str, int]:
    """The classical marks of a position as a board of the ensemble (mark to square)."""
    view = game.view_dict()["classical"]
    return dict(sorted(((mark, int(square)) for square, mark in view.items()), key=lambda ms: int(ms[0][1:])))


def landing(game: qttt.Game) -> str:
    """Where every classical mark is, by mark number."""
    view = game.view_dict()["classical"]
    return ", ".join(f"{mark} in {square}" for square, mark in sorted(view.items(), key=lambda kv: int(kv[1][1:])))


def outcome_words(game: qttt.Game) -> str:
    outcome = game.outcome
    if outcome is None:
        return f"no line yet; {player_name(game.current_player)} moves next"
    if outcome.is_draw:
        return "a draw"
    lines = "; ".join(
        f"{player_name(line.player)} has the line {'-'.join(map(str, line.squares))} "
        f"(highest number {line.highest.number})"
        for line in outcome.lines
    )
    return f"{lines}: {player_name(outcome.winner)} wins"


def after_each_choice(game: qttt.Game) -> str:
    parts = []
    for action in game.legal_actions():
        after = game.apply(action)
        parts.append(f"`{action.token}`: {landing(after)}; {outcome_words(after)}")
    return ". ".join(parts) + "."


def solved(game: qttt.Game) -> str:
    solution = game.solve()
    best = ", ".join(f"`{a.token}`" for a in solution.optimal_actions)
    return (
        f"{value_words(solution.value)} with perfect play (the game then ends on move {solution.end_move}); "
        f"the best: {best}."
    )


def empty_board(game: qttt.Game) -> str:
    solution = game.solve()
    return (
        f"{value_words(solution.value)} if neither player makes a mistake (the solver's value of the empty "
        f"board; the game then ends on move {solution.end_move}); ordinary tic-tac-toe is a draw."
    )


def who_chooses(game: qttt.Game) -> str:
    mark = game.collapsing_mark
    squares = " and ".join(map(str, game.collapse_options))
    return (
        f"{mark} closed the cycle (its squares {squares} were already connected); "
        f"{player_name(game.current_player)} chooses where it lands: "
        + " or ".join(f"`@{s}`" for s in game.collapse_options)
        + "."
    )


def forced(game: qttt.Game, mark: str, square: int) -> str:
    """Where the other marks must be in every classical board that puts `mark` in `square`."""
    boards = [b for b in classical_boards(game) if b[mark] == square]
    if len(boards) != 1:
        return f"{len(boards)} classical boards put {mark} in {square}: " + "; ".join(map(board_words, boards)) + "."
    others = ", ".join(f"{m} in {s}" for m, s in boards[0].items() if m != mark)
    return f"only one classical board puts {mark} in {square}, and it has {others}."


def missing_board(game: qttt.Game) -> str:
    """The boards of the marks' squares taken independently that the ensemble lacks."""
    spooky = game.view_dict()["spooky"]
    every = [dict(zip(spooky, squares)) for squares in itertools.product(*spooky.values())]
    kept = classical_boards(game)
    lost = [b for b in every if b not in kept]
    return (
        f"{len(kept)} of the {len(every)} combinations remain; "
        + "; ".join(f"({board_words(b)}) is impossible: one square cannot hold two marks" for b in lost)
        + "."
    )


def goff_points(game: qttt.Game) -> str:
    single, goff = game.result(), game.result("goff")
    return (
        f"the single result (this engine's): {value_words(single / 2)}; Goff's points: X's points minus O's is "
        f"{half_points(goff)} (the earlier line scores 1, the other 1/2)."
    )


def half_points(n: int) -> str:
    """A number of half points as a signed fraction: 1 is +1/2, -2 is -1."""
    whole, half = divmod(abs(n), 2)
    sign = "-" if n < 0 else "+" if n > 0 else ""
    return sign + (f"{whole}" if not half else f"{whole} 1/2" if whole else "1/2")


def choice_value(token: str) -> Callable[[qttt.Game], str]:
    def answer(game: qttt.Game) -> str:
        return f"after `{token}`: {solved(game.apply(token))}"

    return answer


# ---------------------------------------------------------------- the lesson


@dataclass
class Question:
    text: str
    answer: Callable[[qttt.Game], str]
    play: str = ""
    """An action played before the answer is worked out (the question's "after @8")."""


@dataclass
class Position:
    letter: str
    record: str
    concept: str
    questions: list[Question] = field(default_factory=list)

    @property
    def game(self) -> qttt.Game:
        return qttt.Game(self.record)


PUZZLE_D = 17
"""The shipped puzzle of position E: one collapse choice wins, the other loses."""

POSITIONS = [
    Position("A", "", "the empty board", [
        Question("Ordinary tic-tac-toe is a draw if nobody makes a mistake. What about quantum tic-tac-toe?",
                 empty_board),
    ]),
    Position("B", "15 26", "superposition", [
        Question("Where is X's mark 1?", lambda g: "in squares " + " and ".join(map(str, g.marks()[0][1]))
                 + " at once: spooky, until a collapse decides."),
        Question("How many classical boards can this position still become? List them.", ensemble_answer),
    ]),
    Position("C", "15 59", "entanglement", [
        Question("How many classical boards can this position still become? Why not four?", missing_board),
        Question("If X1 ends in square 5, where must O2 end?", lambda g: forced(g, "X1", 5)),
    ]),
    Position("D", "15 59 19", "measurement as collapse", [
        Question("Which mark closed a cycle, and who chooses where it lands?", who_chooses),
        Question("How many classical boards are still possible before the choice?", ensemble_answer),
        Question("Where does every mark land after @1? And after @9?", after_each_choice),
    ]),
    Position("E", puzzles.load()[PUZZLE_D - 1].position.record, "why the choice matters", [
        Question("X chooses where O8 lands. What happens after each choice?", after_each_choice),
        Question("Which choice should X make?", solved),
    ]),
    Position("F", "58 47 67 59 48 68", "two lines at once", [
        Question("X chooses @8. Who has a line, and who wins? Why?", lambda g: outcome_words(g) + ".", play="@8"),
        Question("How would Goff's published points score it?", goff_points, play="@8"),
        Question("Would @6 have won for X too? (Ask the hints.)", choice_value("@6")),
    ]),
]


@dataclass
class Step:
    minutes: str
    title: str
    position: str | None
    what: str


STEPS = [
    Step("0-4", "Start", "A",
         "Show the rules page. Ordinary tic-tac-toe always ends in a draw between careful players. Hand out the "
         "worksheet; students guess A1."),
    Step("4-10", "Superposition", "B",
         "Play 15 and 26 on the projector. Each mark is in two squares at once. Open the classical ensemble: "
         "the boards the position can still become. Students answer B1 and B2, then check the ensemble's count."),
    Step("10-17", "Entanglement", "C",
         "O2 shares square 5 with X1; the entanglement line joins their squares. The ensemble shrinks from 4 to "
         "3: the marks are not independent any more. C1 and C2."),
    Step("17-25", "Measurement as collapse", "D",
         "X3 closes the cycle 1-5-9. O chooses; step through the collapse one forced move at a time. The "
         "ensemble had 2 boards; the choice keeps one. D1 to D3."),
    Step("25-31", "Why the choice matters", "E",
         "A collapse choice decides the game. Students predict both outcomes (E1), then switch the hints on "
         "to see the solver's values (E2)."),
    Step("31-35", "Two lines at once", "F",
         "The rules' worked example: one collapse gives both players a line; the earlier line wins. F1 to F3."),
    Step("35-43", "A game in pairs", None,
         "Pairs play one game (tables server or one screen each pair), then review it: the first action "
         "that lost value is the one to talk about."),
    Step("43-45", "Exit", None,
         "Each student writes one sentence: which rule of the game stands for superposition, which for "
         "entanglement, which for measurement, and where the metaphor stops."),
]


def answers() -> list[tuple[Position, list[str]]]:
    """Every position with its questions' answers, worked out by the engine."""
    out = []
    for position in POSITIONS:
        worked = []
        for question in position.questions:
            game = position.game.apply(question.play) if question.play else position.game
            worked.append(question.answer(game))
        out.append((position, worked))
    return out


def lesson_blocks(worked: list[tuple[Position, list[str]]]) -> dict[str, str]:
    """The generated parts of docs/lesson.md, by marker name."""
    by_letter = {p.letter: p for p in POSITIONS}
    rows = ["| minutes | step | open the playground at | what happens |", "|---|---|---|---|"]
    for step in STEPS:
        where = "—"
        if step.position:
            where = f"{step.position}: `{link(by_letter[step.position].record)}`"
        rows.append(f"| {step.minutes} | {step.title} | {where} | {step.what} |")
    questions, key = [], []
    for position, worked_answers in worked:
        record = f"`{position.record}`" if position.record else "no moves yet"
        questions.append(f"**{position.letter}: {position.concept}** ({record}; `{link(position.record)}`)\n")
        key.append(f"**{position.letter}: {position.concept}**\n")
        for n, (question, answer) in enumerate(zip(position.questions, worked_answers), start=1):
            questions.append(f"- **{position.letter}{n}.** {question.text}")
            key.append(f"- **{position.letter}{n}.** {answer[0].upper() + answer[1:]}")
        questions.append("")
        key.append("")
    return {
        "sequence": "\n".join(rows) + "\n",
        "questions": "\n".join(questions),
        "answers": "\n".join(key),
    }


def with_blocks(text: str, blocks: dict[str, str]) -> str:
    """text with each `<!-- make.py: NAME -->` ... `<!-- end make.py -->` part replaced."""
    for name, body in blocks.items():
        start, end = f"<!-- make.py: {name} -->\n", "<!-- end make.py -->"
        head, found, rest = text.partition(start)
        if not found:
            raise SystemExit(f"docs/lesson.md has no {start.strip()} marker")
        _, found, tail = rest.partition(end)
        if not found:
            raise SystemExit(f"docs/lesson.md: {start.strip()} has no {end}")
        text = head + start + "\n" + body + "\n" + end + tail
    return text


# ---------------------------------------------------------------- pages

def board_sheet(paper: str) -> list[Page]:
    """Four empty boards, large enough for several small marks a square, with
    lines for the players and the record."""
    page = Page(paper, "Quantum tic-tac-toe: boards to play on", FOOTER)
    page.wrapped(0, 130, "Write each mark small, with its number, in both of its squares (x1 in 1 and 5); when a "
                 "cycle collapses, write the big classical marks. Squares are numbered 1 2 3 / 4 5 6 / 7 8 9.", 110,
                 size=28)
    for i in range(4):
        x, y = (i % 2) * 940, 260 + (i // 2) * 1060
        page.board(qttt.Game(), x + 30, y, 800)
        page.text(x, y + 870, "X:", size=30)
        page.rule(x + 45, y + 872, 340)
        page.text(x + 430, y + 870, "O:", size=30)
        page.rule(x + 475, y + 872, 385)
        page.text(x, y + 940, "Record:", size=30)
        page.rule(x + 120, y + 942, 740)
    return [page]


QUESTION_CHARS = 64
LINE = TEXT * 1.35
QUESTION_SPACE = 170
"""Below each question: two lines to write on, 60 and 120 units under it."""


def question_height(question: Question) -> float:
    return LINE * len(textwrap.wrap(question.text, QUESTION_CHARS)) + QUESTION_SPACE


def worksheet(paper: str, worked: list[tuple[Position, list[str]]]) -> list[Page]:
    """The lesson's positions, their questions with space to write, then the answer key."""
    pages: list[Page] = []
    board_height = 120 + 520
    y = FRAME_H  # forces a first page
    for position, _ in worked:
        height = max(board_height, sum(question_height(q) for q in position.questions))
        if y + height > FRAME_H - 80:
            page = Page(paper, f"Quantum tic-tac-toe: worksheet ({len(pages) + 1})", FOOTER)
            if not pages:
                page.text(0, 130, "Name:", size=30)
                page.rule(100, 132, 800)
                page.text(1000, 130, "Class:", size=30)
                page.rule(1100, 132, 700)
            pages.append(page)
            y = 200
        page.text(0, y + 40, f"{position.letter}. {position.concept}", size=40, weight="bold")
        page.text(0, y + 90, f"record: {position.record or '(no moves yet)'}", size=26, fill="#555")
        page.board(position.game, 0, y + 120, 520)
        qy = y + 40
        for n, question in enumerate(position.questions, start=1):
            below = page.wrapped(600, qy, f"{position.letter}{n}. {question.text}", QUESTION_CHARS)
            for line in range(2):
                page.rule(600, below + 30 + line * 60, 1200)
            qy += question_height(question)
        y += height + 60
    key = Page(paper, "Quantum tic-tac-toe: worksheet answers (worked out by the engine)", FOOTER)
    y = 150
    for position, worked_answers in worked:
        y = key.wrapped(0, y, f"{position.letter}. {position.concept}", 90, size=32, weight="bold")
        for n, answer in enumerate(worked_answers, start=1):
            answer = answer.replace("`", "")
            y = key.wrapped(40, y, f"{position.letter}{n}. {answer[0].upper()}{answer[1:]}", 105, size=30)
        y += 20
    if y > FRAME_H - 60:
        raise SystemExit("the worksheet's answers do not fit on one page")
    return pages + [key]


PUZZLES_PER_DEPTH = 6


def puzzle_choice() -> list[puzzles.Puzzle]:
    """Six puzzles of depth 1 (a win in 1) and six of depth 2, each six taken
    in turn from the themes that depth has, so that the page teaches every
    theme (depth 1 has no forced ninth mark and no avoided cycle)."""
    everything = puzzles.load()
    chosen: list[puzzles.Puzzle] = []
    for depth in (1, 2):
        of_depth: list[puzzles.Puzzle] = []
        pools = [puzzles.select(everything, depth=depth, theme=theme) for theme in puzzles.THEMES]
        while len(of_depth) < PUZZLES_PER_DEPTH:
            for pool in pools:
                pick = next((p for p in pool if p not in of_depth), None)
                if pick is not None and len(of_depth) < PUZZLES_PER_DEPTH:
                    of_depth.append(pick)
        chosen += sorted(of_depth, key=lambda p: p.number)
    return chosen


def sheets(worked: list[tuple[Position, list[str]]]) -> dict[str, list[str]]:
    """Every printable, by file stem: its pages, each an SVG document."""
    out = {}
    for paper in PAPERS:
        out[f"board-sheet-{paper}"] = [page.svg() for page in board_sheet(paper)]
        out[f"worksheet-{paper}"] = [page.svg() for page in worksheet(paper, worked)]
        out[f"puzzles-{paper}"] = puzzles.sheet(puzzle_choice(), paper=paper)
    return out


def page_files(stem: str, pages: list[str]) -> dict[str, str]:
    if len(pages) == 1:
        return {f"{stem}.svg": pages[0]}
    return {f"{stem}-{n}.svg": page for n, page in enumerate(pages, start=1)}


# ---------------------------------------------------------------- main


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing in docs/; fail if it is not up to date")
    parser.add_argument("--out", type=pathlib.Path, help="also write the printables here")
    parser.add_argument("--pdf", action="store_true", help="and each sheet as a PDF under --out (rsvg-convert)")
    args = parser.parse_args()
    worked = answers()
    lesson = with_blocks(LESSON.read_text(encoding="utf-8"), lesson_blocks(worked))
    files: dict[str, str] = {}
    groups: dict[str, list[str]] = {}
    for stem, pages in sheets(worked).items():
        named = page_files(stem, pages)
        files.update(named)
        groups[stem] = list(named)
    stale = []
    if args.check:
        if LESSON.read_text(encoding="utf-8") != lesson:
            stale.append("docs/lesson.md")
        present = {p.name for p in PRINTABLES.glob("*.svg")}
        for name, text in files.items():
            path = PRINTABLES / name
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                stale.append(f"docs/printables/{name}")
        stale += [f"docs/printables/{name} (no longer made)" for name in sorted(present - set(files))]
    else:
        LESSON.write_text(lesson, encoding="utf-8")
        PRINTABLES.mkdir(exist_ok=True)
        for old in PRINTABLES.glob("*.svg"):
            old.unlink()
        for name, text in files.items():
            (PRINTABLES / name).write_text(text, encoding="utf-8")
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        for name, text in files.items():
            (args.out / name).write_text(text, encoding="utf-8")
        if args.pdf:
            for stem, names in groups.items():
                subprocess.run(["rsvg-convert", "-f", "pdf", "-o", str(args.out / f"{stem}.pdf"),
                                *(str(args.out / name) for name in names)], check=True)
    print(f"{sum(len(p.questions) for p in POSITIONS)} questions answered; {len(files)} printable pages")
    if stale:
        print("not up to date (run python docs/lesson/make.py and commit): " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
