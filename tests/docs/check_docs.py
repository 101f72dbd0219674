"""Checks of the documentation, run by the test command:

- every relative link in the Markdown files points to a file or folder of
  the repository (and every `#anchor` to a heading of that file);
- the Rust examples of README.md, docs/rust.md and qttt/README.md hide no lines (a line starting with `# `
  would be compiled as a doctest but missing from what a reader copies);
- docs/layout.md, the repository's map, names every tracked source file and
  every file under a row's folder (see `layout_failures`), and its rows
  carry no merge damage: doubled words, unbalanced brackets or backticks
  (see `layout_text_failures`);
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


# A folder's own package files need no mention in its row.
PACKAGE_FILES = {"Cargo.toml", "Cargo.lock", "package.json", "package-lock.json", "README.md",
                 "LICENSE-MIT", "LICENSE-APACHE", ".gitignore"}


def layout_failures(tracked):
    """Files that docs/layout.md does not name.

    A row of the map's table names a file when one of its code spans is
    the file's path, or its path relative to a folder named in the row's
    first column (`src/game.rs` in the row of `qttt/`) when that path
    exists, or a folder (ending
    in `/`) that holds the file at any depth (`src/analysis/`, `tests/`): a
    folder named in the description is described as a whole. A row's first
    column names its own files (`web/online.html`), not its folder's.
    Prose outside the table names a file by its full path in a code span.

    Every tracked file under a folder of a row's first column must be named
    (data too: `tests/c/valgrind.supp`), unless it is one of that folder's
    own PACKAGE_FILES or the row ends its list with "and the rest"; files
    outside those folders must be named when they are source files.
    """
    text = (ROOT / "docs/layout.md").read_text()
    existing = {str(p) for path in tracked for p in (pathlib.PurePosixPath(path), *pathlib.PurePosixPath(path).parents)}
    names, trees, rows, rest = set(), set(), set(), set()
    for line in text.splitlines():
        spans = re.findall(r"`([^`\s]+)`", line)
        if not line.startswith("|"):
            names.update(spans)
            continue
        cells = line.split("|")
        first = re.findall(r"`([^`]+)`", cells[1])
        folders = [s for s in first if s.endswith("/")]
        names.update(s for s in first if not s.endswith("/"))
        rows.update(f.rstrip("/") for f in folders)
        if "and the rest" in line:
            rest.update(f.rstrip("/") for f in folders)
        for span in re.findall(r"`([^`\s]+)`", "|".join(cells[2:])):
            # Relative to the row's folder when that exists, else to the root.
            paths = [f + span.rstrip("/") for f in folders if f + span.rstrip("/") in existing]
            (trees if span.endswith("/") else names).update(paths or [span.rstrip("/")])
    missing = []
    for path in tracked:
        file = pathlib.PurePosixPath(path)
        parents = {str(p) for p in file.parents}
        if path in names or parents & (trees | rest):
            continue
        if parents & rows:
            if file.name in PACKAGE_FILES and str(file.parent) in rows:
                continue
        elif file.suffix not in SOURCE_SUFFIXES and path not in SOURCE_NAMES and file.name not in SOURCE_NAMES:
            continue
        missing.append(f"docs/layout.md does not name {path}")
    return missing


def layout_text_failures():
    """Merge damage in docs/layout.md's rows: a word doubled ("sheet,
    sheet", "binary and binary"), a phrase of four words said again within
    twenty words, unbalanced brackets or backticks."""
    out = []
    for number, line in enumerate((ROOT / "docs/layout.md").read_text().splitlines(), 1):
        where = f"docs/layout.md:{number}"
        words = [w.lower() for w in re.findall(r"[\w.<>/+-]*\w[\w.<>/+-]*", line)]
        for i in range(1, len(words)):
            if words[i] == words[i - 1] or (i > 1 and words[i] == words[i - 2] and words[i - 1] in ("and", "or", "it")):
                out.append(f"{where}: a doubled word: {' '.join(words[max(0, i - 2):i + 1])}")
        seen = {}
        for i in range(len(words) - 3):
            phrase = " ".join(words[i:i + 4])
            if 4 <= i - seen.setdefault(phrase, i) <= 20:
                out.append(f"{where}: a phrase said twice: {phrase}")
        if line.count("`") % 2:
            out.append(f"{where}: an odd number of backticks")
        for opening, closing in ("()", "[]", "{}"):
            depth = 0
            for char in re.sub(r"`[^`]*`", "", line):
                depth += (char == opening) - (char == closing)
                if depth < 0:
                    break
            if depth:
                out.append(f"{where}: unbalanced {opening}{closing}")
    return out


tracked_files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                               check=True).stdout.split()
layout_missing = layout_failures(tracked_files)
checked += len(tracked_files)
failures += layout_missing
layout_damage = layout_text_failures()
checked += 1
failures += layout_damage

shell_failures, shell_checked = command_failures(ROOT, [f for f in tracked_files if f.endswith(".md")])
checked += shell_checked
failures += shell_failures

for failure in failures:
    print("FAIL:", failure)
print(f"docs: {checked - len(failures)} passed, {len(failures)} failed")
sys.exit(1 if failures else 0)
