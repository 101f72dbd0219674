"""Writes a printable puzzle sheet: A4 or US Letter pages of boards with
lines to write on, and an answer key, as SVG files (print them from a browser, or turn
them into PNG with `rsvg-convert -o page1.png sheet-1.svg`).

    python examples/python/puzzle_sheet.py [--depth N] [--theme NAME] [--count N] [--paper a4|letter] [--out DIR]
"""

import argparse
import pathlib

from qttt import puzzles


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, choices=(1, 2, 3))
    parser.add_argument("--theme", choices=puzzles.THEMES)
    parser.add_argument("--count", type=int, default=12)
    parser.add_argument("--paper", choices=("a4", "letter"), default="a4")
    parser.add_argument("--out", default=".")
    args = parser.parse_args()
    chosen = puzzles.select(puzzles.load(), depth=args.depth, theme=args.theme)[: args.count]
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for i, page in enumerate(puzzles.sheet(chosen, paper=args.paper), start=1):
        (out / f"sheet-{i}.svg").write_text(page)
    print(f"{len(chosen)} puzzles on {i} pages in {out}")


if __name__ == "__main__":
    main()
