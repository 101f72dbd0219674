"""Spot checks of the lesson's answer key (docs/lesson.md) against answers
worked out by hand from docs/RULES.md, independently of the engine that
wrote the key (docs/lesson/make.py; run.sh checks that the key is what the
engine says, this checks that the engine says what the rules say); and
every translation's key (docs/lesson.LANG.md) against the English one: each
answer states the same numbers, marks and tokens, in whatever order its
language puts them, so that no language's sentences drop a worked-out fact."""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]

HAND_WORKED = {
    # 15 26: X1 in 1 or 5, O2 in 2 or 6, no square shared: 2 x 2 boards.
    "B2": "4 boards:",
    # 15 59: of the 2 x 2 combinations only X1 and O2 both in 5 is impossible.
    "C1": "3 of the 4 combinations remain; (X1 in 5, O2 in 5) is impossible",
    # 15 59, X1 in 5: O2 cannot be in 5 too, so it is in 9.
    "C2": "it has O2 in 9",
    # 15 59 19: X3's squares 1 and 9 are joined by 1-5-9, so X3 closed the cycle; O, the other player, chooses.
    "D1": "X3 closed the cycle (its squares 1 and 9 were already connected); O chooses",
    # The cycle 1-5-9 with three marks: each mark in one of its squares, all different: the two orientations.
    "D2": "2 boards:",
    # @1: X3 lands in 1, X1 is forced from 1 to 5, O2 from 5 to 9. @9: X3 in 9, O2 from 9 to 5, X1 from 5 to 1.
    "D3": "`@1`: X1 in 5, O2 in 9, X3 in 1; no line yet; O moves next. `@9`: X1 in 1, O2 in 5, X3 in 9",
    # RULES.md's worked example: X 4-5-6 (highest 5) against O 7-8-9 (highest 6): X's line is earlier.
    "F1": "X has the line 4-5-6 (highest number 5); O has the line 7-8-9 (highest number 6): X wins.",
    # Goff's points: the earlier line 1, the other 1/2: X ahead by 1/2.
    "F2": "X's points minus O's is +1/2",
}


TRANSLATIONS = sorted(path.name.split(".")[1] for path in (ROOT / "docs").glob("lesson.*.md"))
"""The translations, by their files (docs/lesson.LANG.md)."""


def key_answers(name: str) -> dict[str, str]:
    """The answer key of docs/NAME (the block make.py writes), by question."""
    text = (ROOT / "docs" / name).read_text(encoding="utf-8")
    key = text.split("<!-- make.py: answers -->", 1)[-1].split("<!-- end make.py -->", 1)[0]
    return dict(re.findall(r"^- \*\*([A-F]\d)\.\*\* (.*)$", key, flags=re.M))


def facts(answer: str) -> list[str]:
    """The numbers, marks and tokens of an answer, sorted: what every language must say."""
    return sorted(re.findall(r"[XO]\d|@?\d+(?:[-/]\d+)*", answer))


def main() -> int:
    answers = key_answers("lesson.md")
    failures = [
        f"docs/lesson.md: answer {q} lacks the hand-worked {want!r} (it says {answers.get(q)!r})"
        for q, want in HAND_WORKED.items()
        if want not in answers.get(q, "")
    ]
    for lang in TRANSLATIONS:
        translated = key_answers(f"lesson.{lang}.md")
        if translated.keys() != answers.keys():
            failures.append(f"docs/lesson.{lang}.md: its key answers {sorted(translated)}, not {sorted(answers)}")
        failures += [
            f"docs/lesson.{lang}.md: answer {q} states {facts(translated[q])}, the English one {facts(a)}"
            for q, a in answers.items()
            if q in translated and facts(translated[q]) != facts(a)
        ]
    for failure in failures:
        print(failure, file=sys.stderr)
    if not failures:
        print(
            f"{len(HAND_WORKED)} of the key's {len(answers)} answers agree with the hand-worked ones; "
            f"its {len(TRANSLATIONS)} translations state the same facts"
        )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
