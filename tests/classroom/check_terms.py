"""Checks that the translations use the game's terms of their seed texts.

tests/classroom/terms.json is the glossary: for Dutch, Russian, Danish and
German, each concept of the game (the game's name, mark, spooky, square,
cycle, collapse, line, draw, entanglement, ...) with the seed text's own
words for it (docs/seeds/, the rule texts the game came with) and the other
words a translation must not use for it ("instead"). This check reads the
glossary and, for each language's lesson (docs/lesson.LANG.md), lesson
words (docs/lesson/LANG.py), rules page (web/rules/LANG.html) and locale
file (qttt-locales/ftl/LANG.ftl):

- fails with file:line and the word wherever an "instead" word appears;
- fails with the file and the concept when the file discusses a concept
  (its English counterpart, docs/lesson.md, docs/lesson/en.py,
  web/rules/en.html or qttt-locales/ftl/en.ftl, has the concept's English
  word) but has none of the seed's words for it;
- fails when the lesson, the rules page or the locale file has lost its
  sentence asking for a native speaker's review.

A tournament's round is not a move: in the locale file's messages of the
class page's tournament (the glossary's "tournament"), the language's words
for a round are left out of the first check.

It checks the glossary itself too: each concept has at least one of its
words in the seed text, and no "instead" word is in it (so the glossary
quotes the seeds and forbids nothing they say). Only the text a reader
sees is read: not HTML tags, Markdown code spans, Fluent message names or
placeables, nor Python outside its string literals.

    python3 tests/classroom/check_terms.py
"""

from __future__ import annotations

import io
import json
import pathlib
import re
import sys
import tokenize

ROOT = pathlib.Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "tests/classroom/terms.json"


def word(pattern: str) -> re.Pattern:
    """A glossary entry, matched at the start of a word and without regard to case."""
    return re.compile(r"(?<!\w)(?:" + pattern + ")", re.IGNORECASE)


def python_text(source: str) -> list[str]:
    """The text of each line of a Python file that lies in string literals."""
    lines = [""] * (source.count("\n") + 2)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type != tokenize.STRING:
            continue
        body = re.sub(r"^[rRbBuUfF]*('''|\"\"\"|'|\")", "", token.string)
        body = re.sub(r"('''|\"\"\"|'|\")$", "", body)
        if re.match(r"^[rRuU]*[fF]", token.string):
            body = re.sub(r"\{[^{}]*\}", " ", body)
        for offset, part in enumerate(body.split("\n")):
            lines[token.start[0] - 1 + offset] += " " + part
    return lines


def ftl_text(line: str) -> str:
    """The text of one line of a Fluent file: no message or attribute name,
    variant key or placeable."""
    if not line.lstrip().startswith("#"):
        line = re.sub(r"^\s*\.?[A-Za-z][\w-]*\s*=", " ", line)
        line = re.sub(r"^\s*\*?\[[^\]]*\]", " ", line)
    line = re.sub(r"\{[^{}]*\}|\$[\w-]+", " ", line)
    return re.sub(r"<[^>]*>", " ", line)


def html_text(line: str) -> str:
    """The text of one line of an HTML page: no tags."""
    line = re.sub(r"<[^>]*>|<[^>]*$|^[^<]*>", " ", line)
    return line.replace("&nbsp;", " ").replace("&amp;", "&")


def markdown_text(line: str) -> str:
    """The text of one line of Markdown: no code spans, comments or link targets."""
    line = re.sub(r"`[^`]*`", " ", line)
    line = re.sub(r"<!--.*?-->", " ", line)
    return re.sub(r"\]\([^)]*\)", "]", line)


CODE = re.compile(r"\S*\w_\w\S*|[\w./-]*\w\.(?:js|mjs|py|html|css|md|ftl|svg|webmanifest)\b")
"""Names in the text that are code, not words: identifiers such as
collapse_steps and file names such as web/steps.js."""


def text_lines(path: pathlib.Path) -> list[str]:
    """A file's text as a reader sees it, line by line (line n at index n-1)."""
    source = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        lines = python_text(source)
    else:
        read = {".ftl": ftl_text, ".html": html_text, ".md": markdown_text}[path.suffix]
        lines = [read(line) for line in source.split("\n")]
    return [CODE.sub(" ", line) for line in lines]


def tournament_lines(path: pathlib.Path, lines: list[str], tournament: dict, lang: str) -> list[str]:
    """A locale file's lines with the words for a tournament's round blanked in the
    tournament's messages (those whose id starts with the glossary's prefix), where
    a round is not a move. A line belongs to the message last started above it."""
    words = [word(p) for p in tournament["words"].get(lang, [])]
    if path.suffix != ".ftl" or not words:
        return lines
    current = ""
    out = []
    for raw, line in zip(path.read_text(encoding="utf-8").split("\n"), lines):
        if m := re.match(r"^([a-z][\w-]*)\s*=", raw):
            current = m.group(1)
        if current.startswith(tournament["prefix"]):
            for pattern in words:
                line = pattern.sub(" ", line)
        out.append(line)
    return out


def main() -> int:
    glossary = json.loads(GLOSSARY.read_text(encoding="utf-8"))
    concepts = {name: word(pattern) for name, pattern in glossary["concepts"].items()}
    errors = []
    checked = 0
    for lang, language in glossary["languages"].items():
        seed = " ".join((ROOT / language["seed"]).read_text(encoding="utf-8").split())
        terms = language["terms"]
        if set(terms) != set(concepts):
            odd = sorted(set(terms) ^ set(concepts))
            errors.append(f"{GLOSSARY.name}: {lang}: the concepts are not the glossary's: {odd}")
        for concept, entry in terms.items():
            if not any(word(p).search(seed) for p in entry["seed"]):
                where = language["seed"]
                errors.append(f"{GLOSSARY.name}: {lang} {concept}: none of {entry['seed']} is in {where}")
            for p in entry["instead"]:
                if m := word(p).search(seed):
                    said = m.group(0)
                    errors.append(f"{GLOSSARY.name}: {lang} {concept}: '{p}' is the seed's own word ({said!r})")
        for kind, (english, translated) in glossary["files"].items():
            path = ROOT / translated.format(lang=lang)
            rel = path.relative_to(ROOT)
            lines = tournament_lines(path, text_lines(path), glossary["tournament"], lang)
            english_text = " ".join(text_lines(ROOT / english))
            text = " ".join(lines)
            checked += 1
            for number, line in enumerate(lines, start=1):
                for concept, entry in terms.items():
                    for p in entry["instead"]:
                        for m in word(p).finditer(line):
                            used = m.group(0) + re.match(r"\w*", line[m.end():]).group(0)
                            errors.append(
                                f"{rel}:{number}: '{used}' for {concept}: the {lang} seed's word is "
                                + " / ".join(entry["seed"])
                            )
            for concept, english_word in concepts.items():
                seed_words = terms[concept]["seed"]
                if english_word.search(english_text) and not any(word(p).search(text) for p in seed_words):
                    errors.append(
                        f"{rel}: discusses {concept} ({english} does) but never with the seed's word "
                        + " / ".join(terms[concept]["seed"])
                    )
            if kind in language["review"]:
                # The sentence as one line: without the Markdown quote's or the comments' marks.
                source = path.read_text(encoding="utf-8").split("\n")
                flat = " ".join(" ".join(re.sub(r"^\s*(?:>|#+)", " ", each) for each in source).split())
                if language["review"][kind] not in flat:
                    errors.append(f"{rel}: the sentence asking for a native speaker's review is gone "
                                  f"(it said: {language['review'][kind]!r})")
    for error in errors:
        print(error, file=sys.stderr)
    if errors:
        print(f"check_terms: {len(errors)} problems", file=sys.stderr)
        return 1
    print(f"check_terms: {checked} files in {len(glossary['languages'])} languages use their seed's terms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
