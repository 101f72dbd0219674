"""Checks of the documentation, run by the test command:

- every relative link in the Markdown files points to a file or folder of
  the repository (and every `#anchor` to a heading of that file);
- the Rust examples of README.md, docs/rust.md and qttt/README.md hide no lines (a line starting with `# `
  would be compiled as a doctest but missing from what a reader copies).
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
SKIP = {"target", ".venv", "node_modules", ".git", "fuzz"}
failures = []
checked = 0


def anchors(path):
    """GitHub's anchors of a Markdown file's headings."""
    out = set()
    for line in path.read_text().splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            title = re.sub(r"[^\w\- ]", "", title)
            out.add(title.replace(" ", "-"))
    return out


def markdown_files():
    for path in ROOT.rglob("*.md"):
        if not SKIP.intersection(path.relative_to(ROOT).parts):
            yield path


for path in markdown_files():
    text = path.read_text()
    # Links outside code blocks only.
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    for target in re.findall(r"\]\(([^)\s]+)\)", prose):
        if re.match(r"[a-z]+:", target):
            continue  # an external address
        checked += 1
        file_part, _, anchor = target.partition("#")
        linked = (path.parent / file_part).resolve() if file_part else path
        if not linked.exists():
            failures.append(f"{path.relative_to(ROOT)}: link to {target}: no such file")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            failures.append(f"{path.relative_to(ROOT)}: link to {target}: no such heading")

for name in ("README.md", "docs/rust.md", "qttt/README.md"):
    for block in re.findall(r"```rust\n(.*?)```", (ROOT / name).read_text(), flags=re.S):
        checked += 1
        hidden = [line for line in block.splitlines() if line.startswith("# ") or line == "#"]
        if hidden:
            failures.append(f"{name}: a Rust example hides lines from its readers: {hidden}")

for failure in failures:
    print("FAIL:", failure)
print(f"docs: {checked - len(failures)} passed, {len(failures)} failed")
sys.exit(1 if failures else 0)
