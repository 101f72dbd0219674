"""Checks of the documentation, run by the test command:

- every relative link in the Markdown files points to a file or folder of
  the repository (and every `#anchor` to a heading of that file);
- the Rust examples of README.md, docs/rust.md and qttt/README.md hide no lines (a line starting with `# `
  would be compiled as a doctest but missing from what a reader copies);
- docs/layout.md, the repository's map, names every tracked source file
  (see `layout_failures`);
- every shell command in a fenced `sh` block of the tracked Markdown files
  runs and succeeds, unless SKIP_COMMANDS gives the reason why not here
  (see shell_commands.py).
"""

import pathlib
import re
import subprocess
import sys

from shell_commands import command_failures

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



# Source files: code, scripts, build and package settings, and docs. Data
# (vectors, seeds, images, lock files, baselines, licenses) needs no row.
SOURCE_SUFFIXES = {".rs", ".py", ".js", ".mjs", ".ts", ".c", ".cpp", ".h", ".hpp", ".sh", ".ipynb",
                   ".html", ".css", ".toml", ".cmake", ".in", ".yml", ".md", ".pyi"}
SOURCE_NAMES = {".ci/run", "CMakeLists.txt", "package.json"}


def layout_failures(tracked):
    """Source files that docs/layout.md does not name.

    A row of the map's table covers a file when:
    - one of its code spans is the file's path, or its path relative to a
      folder named in the row's first column (`src/game.rs` in the row of
      `qttt/`);
    - the file lies directly in a folder of the first column (`qttt/`
      covers `qttt/Cargo.toml`, not `qttt/src/lib.rs`);
    - one of its code spans names a folder (ending in `/`) that holds the
      file, at any depth (`src/analysis/`, `tests/`): a folder named in the
      description is described as a whole.
    Prose outside the table covers a file by its full path in a code span.
    """
    text = (ROOT / "docs/layout.md").read_text()
    names, direct, trees = set(), set(), set()
    for line in text.splitlines():
        spans = re.findall(r"`([^`\s]+)`", line)
        if not line.startswith("|"):
            names.update(spans)
            continue
        cells = line.split("|")
        folders = [s for s in re.findall(r"`([^`]+)`", cells[1]) if s.endswith("/")] or [""]
        direct.update(f.rstrip("/") for f in folders if f)
        for span in spans:
            for folder in {*folders, ""}:
                path = folder + span
                (trees if span.endswith("/") and span not in folders else names).add(path.rstrip("/"))
    missing = []
    for path in tracked:
        file = pathlib.PurePosixPath(path)
        if file.suffix not in SOURCE_SUFFIXES and path not in SOURCE_NAMES and file.name not in SOURCE_NAMES:
            continue
        parents = {str(p) for p in file.parents}
        if path in names or str(file.parent) in direct or parents & trees:
            continue
        missing.append(f"docs/layout.md does not name {path}")
    return missing


tracked_files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                               check=True).stdout.split()
layout_missing = layout_failures(tracked_files)
checked += len(tracked_files)
failures += layout_missing

shell_failures, shell_checked = command_failures(ROOT, [f for f in tracked_files if f.endswith(".md")])
checked += shell_checked
failures += shell_failures

for failure in failures:
    print("FAIL:", failure)
print(f"docs: {checked - len(failures)} passed, {len(failures)} failed")
sys.exit(1 if failures else 0)
