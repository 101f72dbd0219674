"""Writes the C guide's examples (docs/c.md) into a scratch folder, as a
reader would copy them: mygame.c, in_repo.sh (the install command, run in
the repository), outside.sh (the build and run commands, run in the scratch
folder) and mygame.cpp (the C++ example). Usage: python3
tests/c/guide_example.py FOLDER"""

import pathlib
import re
import sys

section = pathlib.Path("docs/c.md").read_text()
shell = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
program = re.search(r"with `mygame.c`:\n\n```c\n(.*?)```", section, re.S).group(1)
out = pathlib.Path(sys.argv[1])
(out / "mygame.c").write_text(program)
cpp = re.search(r"`mygame.cpp`:\n\n```cpp\n(.*?)```", section, re.S).group(1)
(out / "mygame.cpp").write_text(cpp)
lines = [line.split("#")[0].strip() for line in shell.strip().splitlines()]
# The first line installs cargo-c, which install-library.sh did at that version.
assert lines[0].startswith("cargo install --locked cargo-c@"), lines[0]
(out / "in_repo.sh").write_text("set -e\n" + lines[1] + "\n")
(out / "outside.sh").write_text("set -e\n" + "\n".join(lines[2:]) + "\n")
