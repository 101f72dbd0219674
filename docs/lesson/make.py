"""Makes the lesson's generated parts and the printables from the engine.

    python docs/lesson/make.py                 # rewrites the lessons' generated parts and docs/printables/
    python docs/lesson/make.py --check --out target/classroom/printables
                                               # writes the pages under --out, fails if docs/ is not up to date

Everything a student is asked about is one of POSITIONS below, and every
answer in the key is computed here with the Python module `qttt` (the
engine's rules, solver and drawing): nothing in the key is typed by hand.
The lesson is in English (docs/lesson.md) and in translations
(docs/lesson.LANG.md); each language's words (its steps, questions and the
sentences of the answer key, into which the engine's answers are put) are
in docs/lesson/LANG.py, and each language's file gets the same computed
answers. The printables (a board sheet, the lesson's worksheet with an
answer key, and a puzzle page from the shipped puzzles with an answer
key, in every language) are SVG pages in A4 and US Letter, drawn with the engine's own
boards (`Game.svg()`, on `qttt.paper`'s pages). With --pdf (it needs
rsvg-convert, from Debian's librsvg2-bin) each sheet is also written as
one PDF under --out.
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import pathlib
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from types import ModuleType
from typing import Callable
from urllib.parse import quote_plus

import qttt
from qttt import puzzles
from qttt.paper import FRAME_H, PAPERS, TEXT, Page
from qttt.svg import message

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PRINTABLES = ROOT / "docs" / "printables"
LANGUAGES = ("en", *sorted(p.stem for p in HERE.glob("*.py") if p.stem != "make" and p.stem != "en"))
"""The lesson's languages, one words module each (docs/lesson/LANG.py):
English first (the original), then the translations."""


def words(lang: str) -> ModuleType:
    """docs/lesson/LANG.py, the lesson's words in one language."""
    spec = importlib.util.spec_from_file_location(f"lesson_{lang}", HERE / f"{lang}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ---------------------------------------------------------------- answers
# Each answer function takes the position and a language's words (w), works
# the answer out with the engine and says it with w's sentences.

Board = dict[str, int]
"""A classical board of the ensemble as a student lists it: each spooky
mark of the position ("X1") to the square it ends in."""


def link(record: str, lang: str) -> str:
    """The playground's link to a position in `lang`, relative to its
    address: the hash web/links.js reads (spaces as +, which URLSearchParams
    reads as spaces), with `lang=` so that the playground opens in the
    lesson's language."""
    return "#record=" + quote_plus(record, safe="@") + f"&lang={lang}"


def classical_boards(game: qttt.Game) -> list[Board]:
    """The classical ensemble (the engine's `game.ensemble()`, in its order:
    every way each spooky mark can end in one of its two squares with no
    square holding two marks), each board as a student lists it."""
    spooky = game.view_dict()["spooky"]
    boards = []
    for board in game.ensemble():
        square_of = {str(mark): square for square, mark in enumerate(board, start=1) if mark is not None}
        boards.append({mark: square_of[mark] for mark in spooky})
    return boards


def board_words(board: Board, w: ModuleType) -> str:
    return ", ".join(w.at(mark, square) for mark, square in board.items())


def classical_of(game: qttt.Game) -> Board:
    """The classical marks of a position as a board of the ensemble (mark to square)."""
    view = game.view_dict()["classical"]
    return dict(sorted(((mark, int(square)) for square, mark in view.items()), key=lambda ms: int(ms[0][1:])))


def ensemble_answer(game: qttt.Game, w: ModuleType) -> str:
    kept = []
    if game.phase == qttt.Phase.COLLAPSE:
        # Each collapse choice keeps one of the boards (the lesson's
        # positions have no marks outside the cycle): the measurement's outcome.
        before = game.ensemble()
        for action in game.legal_actions():
            (after,) = game.apply(action).ensemble()
            kept.append((action.token, 1 + before.index(after)))
    listed = [board_words(b, w) for b in classical_boards(game)]
    return w.ensemble(game.ensemble_count(), listed, kept)


def outcome_words(game: qttt.Game, w: ModuleType) -> str:
    outcome = game.outcome
    if outcome is None:
        return w.no_line(str(game.current_player))
    if outcome.is_draw:
        return w.DRAW
    lines = [
        w.line(str(line.player), "-".join(map(str, line.squares)), line.highest.number) for line in outcome.lines
    ]
    return w.won(lines, str(outcome.winner))


def after_each_choice(game: qttt.Game, w: ModuleType) -> str:
    return w.after_each(
        [(a.token, board_words(classical_of(game.apply(a)), w), outcome_words(game.apply(a), w))
         for a in game.legal_actions()]
    )


def value_words(value: float, w: ModuleType) -> str:
    """A solver's value (X's points minus O's under perfect play) in words."""
    return w.value(value)


def solved(game: qttt.Game, w: ModuleType) -> str:
    solution = game.solve()
    return w.solved(
        value_words(solution.value, w), solution.end_move, [f"`{a.token}`" for a in solution.optimal_actions]
    )


def empty_board(game: qttt.Game, w: ModuleType) -> str:
    solution = game.solve()
    return w.empty_board(value_words(solution.value, w), solution.end_move)


def spooky_squares(game: qttt.Game, w: ModuleType) -> str:
    first, second = game.marks()[0][1]
    return w.spooky_squares(first, second)


def who_chooses(game: qttt.Game, w: ModuleType) -> str:
    first, second = game.collapse_options
    return w.who_chooses(
        str(game.collapsing_mark), first, second, str(game.current_player),
        [f"`@{s}`" for s in game.collapse_options],
    )


def forced(mark: str, square: int) -> Callable[[qttt.Game, ModuleType], str]:
    """Where the other marks must be in every classical board that puts `mark` in `square`."""

    def answer(game: qttt.Game, w: ModuleType) -> str:
        boards = [b for b in classical_boards(game) if b[mark] == square]
        others = [", ".join(w.at(m, s) for m, s in board.items() if m != mark) for board in boards]
        return w.forced(mark, square, others)

    return answer


def missing_board(game: qttt.Game, w: ModuleType) -> str:
    """The combinations of the marks' squares, each mark taken on its own (as
    if they were independent), that the ensemble lacks: the correlation."""
    spooky = game.view_dict()["spooky"]
    every = [dict(zip(spooky, squares)) for squares in itertools.product(*spooky.values())]
    kept = classical_boards(game)
    lost = [board_words(b, w) for b in every if b not in kept]
    return w.missing(game.ensemble_count(), len(every), lost)


def goff_points(game: qttt.Game, w: ModuleType) -> str:
    single, goff = game.result(), game.result("goff")
    return w.goff(value_words(single, w), signed_points(goff))


def signed_points(points: float) -> str:
    """Points (a whole number of halves) as a signed fraction: 0.5 is +1/2, -1.0 is -1."""
    whole, half = divmod(round(abs(points) * 2), 2)
    sign = "-" if points < 0 else "+" if points > 0 else ""
    return sign + (f"{whole}" if not half else f"{whole} 1/2" if whole else "1/2")


def choice_value(token: str) -> Callable[[qttt.Game, ModuleType], str]:
    def answer(game: qttt.Game, w: ModuleType) -> str:
        return w.after(f"`{token}`", solved(game.apply(token), w))

    return answer


def outcome_answer(game: qttt.Game, w: ModuleType) -> str:
    return outcome_words(game, w) + "."


# ---------------------------------------------------------------- the lesson


@dataclass
class Question:
    answer: Callable[[qttt.Game, ModuleType], str]
    play: str = ""
    """An action played before the answer is worked out (the question's "after @8")."""


@dataclass
class Position:
    letter: str
    record: str
    questions: list[Question]

    @property
    def game(self) -> qttt.Game:
        return qttt.Game(self.record)


PUZZLE_D = 17
"""The shipped puzzle of position E: one collapse choice wins, the other loses."""

POSITIONS = [
    Position("A", "", [Question(empty_board)]),
    Position("B", "15 26", [Question(spooky_squares), Question(ensemble_answer)]),
    Position("C", "15 59", [Question(missing_board), Question(forced("X1", 5))]),
    Position("D", "15 59 19", [Question(who_chooses), Question(ensemble_answer), Question(after_each_choice)]),
    Position("E", puzzles.load()[PUZZLE_D - 1].position.record, [Question(after_each_choice), Question(solved)]),
    Position("F", "58 47 67 59 48 68", [
        Question(outcome_answer, play="@8"), Question(goff_points, play="@8"), Question(choice_value("@6")),
    ]),
]
"""The lesson's positions and their questions, in order (each language's
words name them: w.CONCEPTS by letter, w.QUESTIONS as "B2")."""

STEPS = [("0-4", "A"), ("4-10", "B"), ("10-17", "C"), ("17-25", "D"), ("25-31", "E"), ("31-35", "F"),
         ("35-43", None), ("43-45", None)]
"""The sequence's steps: minutes and the position each opens (w.STEPS
holds each step's title and what happens, in this order)."""


@dataclass
class Worked:
    """One position in one language, with its questions answered by the engine."""

    letter: str
    record: str
    concept: str
    questions: list[str]
    answers: list[str]

    @property
    def game(self) -> qttt.Game:
        return qttt.Game(self.record)


def answers(w: ModuleType) -> list[Worked]:
    """Every position with its questions' answers, worked out by the engine."""
    out = []
    for position in POSITIONS:
        worked = []
        for question in position.questions:
            game = position.game.apply(question.play) if question.play else position.game
            worked.append(question.answer(game, w))
        texts = [w.QUESTIONS[f"{position.letter}{n}"] for n in range(1, len(position.questions) + 1)]
        out.append(Worked(position.letter, position.record, w.CONCEPTS[position.letter], texts, worked))
    return out


def ensemble_counts() -> dict[str, int]:
    """Each position's classical ensemble, counted: the steps' texts name them."""
    return {p.letter: p.game.ensemble_count() for p in POSITIONS}


def lesson_blocks(worked: list[Worked], w: ModuleType, lang: str) -> dict[str, str]:
    """The generated parts of the lesson file in `lang`, by marker name."""
    by_letter = {p.letter: p for p in POSITIONS}
    counts = ensemble_counts()
    rows = ["| " + " | ".join(w.TABLE) + " |", "|---|---|---|---|"]
    for (minutes, letter), (title, what) in zip(STEPS, w.STEPS, strict=True):
        where = "—"
        if letter:
            where = f"{letter}: `{link(by_letter[letter].record, lang)}`"
        rows.append(f"| {minutes} | {title} | {where} | {what.format(ensemble=counts)} |")
    questions, key = [], []
    for position in worked:
        record = f"`{position.record}`" if position.record else w.NO_MOVES
        questions.append(f"**{position.letter}: {position.concept}** ({record}; `{link(position.record, lang)}`)\n")
        key.append(f"**{position.letter}: {position.concept}**\n")
        for n, (question, answer) in enumerate(zip(position.questions, position.answers), start=1):
            questions.append(f"- **{position.letter}{n}.** {question}")
            key.append(f"- **{position.letter}{n}.** {answer[0].upper() + answer[1:]}")
        questions.append("")
        key.append("")
    return {
        "sequence": "\n".join(rows) + "\n",
        "questions": "\n".join(questions),
        "answers": "\n".join(key),
    }


def with_blocks(name: str, text: str, blocks: dict[str, str]) -> str:
    """text (the file `name`) with each `<!-- make.py: NAME -->` ... `<!-- end make.py -->` part replaced."""
    for block, body in blocks.items():
        start, end = f"<!-- make.py: {block} -->\n", "<!-- end make.py -->"
        head, found, rest = text.partition(start)
        if not found:
            raise SystemExit(f"{name} has no {start.strip()} marker")
        _, found, tail = rest.partition(end)
        if not found:
            raise SystemExit(f"{name}: {start.strip()} has no {end}")
        text = head + start + "\n" + body + "\n" + end + tail
    return text


# ---------------------------------------------------------------- pages

def label(page: Page, x: float, y: float, words: str, width: float) -> None:
    """A label and a line to write on after it, `width` in all."""
    page.text(x, y, words, size=30)
    start = max(45, round(len(words) * 17 + 20))  # about 0.55 em a character, and a gap
    page.rule(x + start, y + 2, width - start)


def board_sheet(paper: str, w: ModuleType, footer: str) -> list[Page]:
    """Four empty boards, large enough for several small marks a square, with
    lines for the players and the record."""
    page = Page(paper, w.SHEET["boards"], footer)
    page.wrapped(0, 130, w.SHEET["how"], 110, size=28)
    for i in range(4):
        x, y = (i % 2) * 940, 260 + (i // 2) * 1060
        page.board(qttt.Game(), x + 30, y, 800)
        label(page, x, y + 870, "X:", 385)
        label(page, x + 430, y + 870, "O:", 430)
        label(page, x, y + 940, w.SHEET["record"], 860)
    return [page]


QUESTION_CHARS = 64
HEADING_CHARS, HEADING_LINE = 22, 50
"""A position's heading on the worksheet fits left of the questions (600 units)."""
BOARD = 480
"""Every board of the worksheet, on every page: 48 mm wide. A heading of two
lines moves its board down instead; at this size the positions D, E and F
still fit on page 2 in every language."""
LINE = TEXT * 1.35
QUESTION_SPACE = 170
"""Below each question: two lines to write on, 60 and 120 units under it."""


def question_height(question: str) -> float:
    return LINE * len(textwrap.wrap(question, QUESTION_CHARS)) + QUESTION_SPACE


def worksheet(paper: str, worked: list[Worked], w: ModuleType, footer: str) -> list[Page]:
    """The lesson's positions, their questions with space to write, then the answer key."""
    pages: list[Page] = []
    y = FRAME_H  # forces a first page
    for position in worked:
        heading = textwrap.wrap(f"{position.letter}. {position.concept}", HEADING_CHARS)
        below_heading = HEADING_LINE * (len(heading) - 1)  # a heading of two lines moves the board down
        height = max(120 + below_heading + BOARD, sum(question_height(q) for q in position.questions))
        if y + height > FRAME_H - 80:
            page = Page(paper, w.SHEET["worksheet"].format(n=len(pages) + 1), footer)
            if not pages:
                label(page, 0, 130, w.SHEET["name"], 900)
                label(page, 1000, 130, w.SHEET["class"], 800)
            pages.append(page)
            y = 200
        for n, words in enumerate(heading):
            page.text(0, y + 40 + n * HEADING_LINE, words, size=40, weight="bold")
        record = position.record or f"({w.NO_MOVES})"
        page.text(0, y + 90 + below_heading, f"{w.SHEET['record']} {record}", size=26, fill="#555")
        page.board(position.game, 0, y + 120 + below_heading, BOARD)
        qy = y + 40
        for n, question in enumerate(position.questions, start=1):
            below = page.wrapped(600, qy, f"{position.letter}{n}. {question}", QUESTION_CHARS)
            for line in range(2):
                page.rule(600, below + 30 + line * 60, 1200)
            qy += question_height(question)
        y += height + 60
    key = Page(paper, w.SHEET["answers"], footer)
    y = 150
    for position in worked:
        y = key.wrapped(0, y, f"{position.letter}. {position.concept}", 90, size=32, weight="bold")
        for n, answer in enumerate(position.answers, start=1):
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


def sheets(lang: str, worked: list[Worked], w: ModuleType) -> dict[str, list[str]]:
    """Every printable of one language, by file stem (English's without a
    language: "worksheet-a4", others "worksheet-nl-a4"): its pages, each an
    SVG document; every page's footer is the locale file's `sheet-footer`."""
    out = {}
    tag = "" if lang == "en" else f"{lang}-"
    footer = message(lang, "sheet-footer")
    for paper in PAPERS:
        out[f"board-sheet-{tag}{paper}"] = [page.svg() for page in board_sheet(paper, w, footer)]
        out[f"worksheet-{tag}{paper}"] = [page.svg() for page in worksheet(paper, worked, w, footer)]
        out[f"puzzles-{tag}{paper}"] = puzzles.sheet(puzzle_choice(), paper=paper, lang=lang)
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
    lessons: dict[pathlib.Path, str] = {}
    files: dict[str, str] = {}
    groups: dict[str, list[str]] = {}
    for lang in LANGUAGES:
        w = words(lang)
        worked = answers(w)
        path = ROOT / "docs" / w.FILE
        name = f"docs/{w.FILE}"
        lessons[path] = with_blocks(name, path.read_text(encoding="utf-8"), lesson_blocks(worked, w, lang))
        for stem, pages in sheets(lang, worked, w).items():
            named = page_files(stem, pages)
            files.update(named)
            groups[stem] = list(named)
    stale = []
    if args.check:
        stale += [f"docs/{path.name}" for path, text in lessons.items() if path.read_text(encoding="utf-8") != text]
        present = {p.name for p in PRINTABLES.glob("*.svg")}
        for name, text in files.items():
            path = PRINTABLES / name
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                stale.append(f"docs/printables/{name}")
        stale += [f"docs/printables/{name} (no longer made)" for name in sorted(present - set(files))]
    else:
        for path, text in lessons.items():
            path.write_text(text, encoding="utf-8")
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
    questions = sum(len(p.questions) for p in POSITIONS)
    print(f"{questions} questions answered in {len(LANGUAGES)} languages; {len(files)} printable pages")
    if stale:
        print("not up to date (run python docs/lesson/make.py and commit): " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
