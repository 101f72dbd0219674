"""Checks the rules pages web/rules/LANG.html, one per language of the
playground: each exists, declares its language (<html lang>), links every
other page (with hreflang), loads nothing from elsewhere (so it works
offline), says (all but English) that it is a translation that wants a
native speaker's review (<p class="translation">, as the lessons say),
and carries the same numbered rules as every other page: list
items rule-1 .. rule-N in order, numbered by their lists' start attributes
as their ids say. A structural check: it cannot tell a translation's
meaning, only that no rule is missing, doubled or renumbered."""

import pathlib
import sys
from html.parser import HTMLParser

ROOT = pathlib.Path(__file__).resolve().parents[2]
# One page per language of the playground: a locale file each (qttt-locales/ftl/).
LANGUAGES = sorted(path.stem for path in (ROOT / "qttt-locales/ftl").glob("*.ftl"))


class Page(HTMLParser):
    """What the checks need of one page."""

    def __init__(self) -> None:
        super().__init__()
        self.lang = None
        self.links = set()  # (href, hreflang)
        self.resources = []  # every src= and <link href=>
        self.rules = []  # (id, the number the list gives it)
        self.title = ""
        self.h1 = 0
        self.translation_note = False  # a <p class="translation">
        self._in_title = False
        self._lists = []  # the next number of each open <ol>, None for other lists

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang")
        elif tag == "a" and "href" in a:
            self.links.add((a["href"], a.get("hreflang")))
        elif tag == "link":
            self.resources.append(a.get("href", ""))
        elif tag == "title":
            self._in_title = True
        elif tag == "h1":
            self.h1 += 1
        elif tag == "p" and "translation" in a.get("class", "").split():
            self.translation_note = True
        elif tag == "ol":
            self._lists.append(int(a.get("start", "1")))
        elif tag == "ul":
            self._lists.append(None)
        elif tag == "li" and self._lists and self._lists[-1] is not None:
            if a.get("id", "").startswith("rule-"):
                self.rules.append((a["id"], self._lists[-1]))
            self._lists[-1] += 1
        if "src" in a:
            self.resources.append(a["src"])

    def handle_endtag(self, tag):
        if tag == "title":
            self._in_title = False
        elif tag in ("ol", "ul") and self._lists:
            self._lists.pop()

    def handle_data(self, data):
        if self._in_title:
            self.title += data


def check() -> list[str]:
    failures = []
    pages = {}
    for lang in LANGUAGES:
        path = ROOT / "web" / "rules" / f"{lang}.html"
        if not path.is_file():
            failures.append(f"{path.relative_to(ROOT)}: missing")
            continue
        page = Page()
        page.feed(path.read_text(encoding="utf-8"))
        pages[lang] = page
        name = path.relative_to(ROOT)
        if page.lang != lang:
            failures.append(f"{name}: <html lang> is {page.lang!r}, not {lang!r}")
        if not page.title.strip() or page.h1 != 1:
            failures.append(f"{name}: needs a title and one h1")
        for other in LANGUAGES:
            if (f"{other}.html", other) not in page.links:
                failures.append(f"{name}: no link to {other}.html with hreflang={other}")
        if lang != "en" and not page.translation_note:
            failures.append(f"{name}: no translation note (<p class=\"translation\">, asking for a native speaker's review, as the lessons have)")
        if ("../index.html", None) not in page.links:
            failures.append(f"{name}: no link to the playground (../index.html)")
        for resource in page.resources:
            if ":" in resource and not resource.startswith("data:"):
                failures.append(f"{name}: loads {resource} from elsewhere (the page must work offline)")
        if "style.css" not in page.resources:
            failures.append(f"{name}: does not use the shared style.css")
        for rule_id, number in page.rules:
            if rule_id != f"rule-{number}":
                failures.append(f"{name}: {rule_id} is numbered {number} by its list")
        ids = [rule_id for rule_id, _ in page.rules]
        if ids != [f"rule-{n}" for n in range(1, len(ids) + 1)]:
            failures.append(f"{name}: the rules are not rule-1 .. rule-{len(ids)} in order: {ids}")
    reference = pages.get("en")
    if reference is not None and not reference.rules:
        failures.append("web/rules/en.html: no numbered rules")
    for lang, page in pages.items():
        if reference is not None and page.rules != reference.rules:
            failures.append(f"web/rules/{lang}.html: its numbered rules are not en.html's ({len(reference.rules)})")
    if not failures:
        print(f"{len(pages)} rules pages, each with rules 1-{len(reference.rules)}, linked to one another")
    return failures


if __name__ == "__main__":
    problems = check()
    for problem in problems:
        print(problem, file=sys.stderr)
    sys.exit(1 if problems else 0)
