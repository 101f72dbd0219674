"""Checks the printables docs/lesson/make.py wrote into a folder (the test
command's target/classroom/printables): every page is well-formed SVG of
the paper its name gives (A4 210 x 297 mm, Letter 215.9 x 279.4 mm) with
everything drawn inside the page, each sheet has its pages and its number of
boards (each board the engine's drawing, with its nine squares), all of one
size on every page of the sheet, and each sheet's PDF, when there is one,
has as many pages as the sheet, all of that paper's size. And
docs/classroom.md links every page of docs/printables/, in every language.

    python tests/classroom/check_printables.py DIR
"""

import pathlib
import re
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
PAPERS = {"a4": ("210mm", "297mm", 595.28, 841.89), "letter": ("215.9mm", "279.4mm", 612.0, 792.0)}
"""Width and height as the SVG gives them, and in PDF points."""

SHEETS = {"board-sheet": (1, 4), "worksheet": (3, 6), "puzzles": (3, 12)}
"""Each sheet's pages and boards: four boards to play on; the worksheet's
positions A-F on two pages and its answer key; twelve puzzles (six a page)
and their key."""

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs"
LESSONS = sorted(path.name.split(".")[1] for path in DOCS.glob("lesson.*.md"))
"""The lesson's translations, by their files (docs/lesson.LANG.md). Every
sheet is in English (whose files have no language in their names:
worksheet-a4-1.svg) and in each of these (worksheet-nl-a4-1.svg)."""


def numbers(text: str) -> list[float]:
    return [float(n) for n in text.replace(",", " ").split()]


def check_page(path: pathlib.Path, paper: str) -> tuple[list[str], list[float]]:
    """The page's failures, and the width of each of its boards."""
    failures = []
    root = ET.parse(path).getroot()  # raises on a page that is not well-formed
    width, height = PAPERS[paper][:2]
    if root.tag != f"{SVG}svg" or (root.get("width"), root.get("height")) != (width, height):
        failures.append(f"{path.name}: not an SVG page of {width} x {height}")
    _, _, view_w, view_h = numbers(root.get("viewBox", "0 0 0 0"))
    if abs(view_w / view_h - float(width[:-2]) / float(height[:-2])) > 1e-3:
        failures.append(f"{path.name}: its viewBox is not the paper's shape")
    boards = []
    for frame in root.iter(f"{SVG}g"):
        dx, dy = numbers(re.fullmatch(r"translate\(([^)]*)\)", frame.get("transform", "translate(0 0)"))[1])
        for child in frame:
            if child.tag == f"{SVG}svg" and child.get("class") == "board":
                squares = [r for r in child.iter(f"{SVG}rect") if r.get("class") == "square"]
                if len(squares) != 9:
                    failures.append(f"{path.name}: a board with {len(squares)} squares")
                x, y, w, h = (float(child.get(k)) for k in ("x", "y", "width", "height"))
                boards.append(w)
                if not (0 <= dx + x and dx + x + w <= view_w and 0 <= dy + y and dy + y + h <= view_h):
                    failures.append(f"{path.name}: a board outside the page")
            elif child.tag == f"{SVG}text":
                x, y = float(child.get("x")), float(child.get("y"))
                if not (0 <= dx + x <= view_w and 0 <= dy + y <= view_h):
                    failures.append(f"{path.name}: text outside the page: {child.text!r}")
    return failures, boards


def check_pdf(path: pathlib.Path, pages: int, paper: str) -> list[str]:
    data = path.read_bytes()
    found = len(re.findall(rb"/Type\s*/Page[^s]", data))
    boxes = {tuple(round(float(n), 1) for n in box.split()) for box in re.findall(rb"/MediaBox\s*\[([^\]]*)\]", data)}
    want = (0.0, 0.0, round(PAPERS[paper][2], 1), round(PAPERS[paper][3], 1))
    failures = []
    if not data.startswith(b"%PDF-") or found != pages:
        failures.append(f"{path.name}: {found} PDF pages, not {pages}")
    if not boxes or any(abs(a - b) > 0.6 for box in boxes for a, b in zip(box, want)):
        failures.append(f"{path.name}: page size {sorted(boxes)}, not {want[2:]} points")
    return failures


def check_classroom_doc() -> list[str]:
    """docs/classroom.md, the teacher's page, links every printable page of
    docs/printables/ (every sheet, paper and language)."""
    linked = set(re.findall(r"\]\(printables/([^)#]+)\)", (DOCS / "classroom.md").read_text(encoding="utf-8")))
    pages = {path.name for path in (DOCS / "printables").glob("*.svg")}
    return [f"docs/classroom.md does not link printables/{name}" for name in sorted(pages - linked)]


def main(folder: pathlib.Path) -> int:
    failures = check_classroom_doc()
    pages_checked = 0
    stems = [
        (f"{sheet}-{lang}{paper}", pages, boards, paper)
        for sheet, (pages, boards) in SHEETS.items()
        for lang in ("", *(f"{lang}-" for lang in LESSONS))
        for paper in PAPERS
    ]
    for stem, pages, boards, paper in stems:
        files = [folder / f"{stem}-{n}.svg" for n in range(1, pages + 1)] if pages > 1 else [folder / f"{stem}.svg"]
        extra = sorted(set(folder.glob(f"{stem}*.svg")) - set(files))
        if extra:
            failures.append(f"{stem}: unexpected pages {[p.name for p in extra]}")
        drawn: list[float] = []
        for path in files:
            if not path.is_file():
                failures.append(f"{path.name}: missing")
                continue
            page_failures, page_boards = check_page(path, paper)
            failures += page_failures
            drawn += page_boards
            pages_checked += 1
        if len(drawn) != boards:
            failures.append(f"{stem}: {len(drawn)} boards, not {boards}")
        if len(set(drawn)) > 1:
            failures.append(f"{stem}: boards of different sizes: {drawn}")
        pdf = folder / f"{stem}.pdf"
        if pdf.is_file():
            failures += check_pdf(pdf, pages, paper)
    for failure in failures:
        print(failure, file=sys.stderr)
    if not failures:
        pdfs = len(list(folder.glob("*.pdf")))
        print(
            f"{pages_checked} printable pages ({len(stems)} sheets: A4 and Letter, five languages) and {pdfs} PDFs: "
            "sizes, pages and boards (one size a sheet) as expected; classroom.md links them all"
        )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(pathlib.Path(sys.argv[1])))
