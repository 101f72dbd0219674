"""Checks a notebook against nbformat's schema (every cell with its id, as
nbformat 4.5 asks), then executes it top to bottom in a fresh kernel;
fails on any error.

    python tests/python/run_notebook.py examples/python/tour.ipynb
"""

import json
import sys

import nbformat
from nbclient import NotebookClient


def main(path: str) -> None:
    # nbformat.read gives a cell without an id one, silently: read the file itself.
    with open(path, encoding="utf-8") as file:
        cells = json.load(file)["cells"]
    missing = [index for index, cell in enumerate(cells) if "id" not in cell]
    if missing:
        sys.exit(f"{path}: cells {missing} (from 0) have no id")
    notebook = nbformat.read(path, as_version=4)
    nbformat.validate(notebook)
    NotebookClient(notebook, timeout=300, kernel_name="python3").execute()
    drawn = sum(
        1
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.get("outputs", [])
        if "image/svg+xml" in output.get("data", {}) or "<svg" in str(output.get("data", {}).get("text/html", ""))
    )
    print(f"{path}: {len(notebook.cells)} cells ran, {drawn} outputs draw boards")
    if drawn == 0:
        sys.exit("the notebook drew no board")


if __name__ == "__main__":
    main(sys.argv[1])
