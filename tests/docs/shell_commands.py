"""The shell commands of the docs, for tests/docs/check_docs.py.

Every command line of a fenced `sh` block in a tracked Markdown file (its
comment cut off, continuation lines joined) either runs here, from the
repository's root with no input, and must succeed (within TIMEOUT, a guard
against a command that waits for ever, not a measure of speed), or is
listed in SKIP_COMMANDS with the reason it does not run here. A command
that is in neither fails the check, so a new command in the docs is run or
its skip is argued.

Beyond the blocks, every command written in the docs, in a block or in a
code span of the prose, must name what exists: each `cargo ... -p PACKAGE`
a package of the workspace, each `--example` and `--bench` one of that
package, each `bash PATH` or `python3 PATH` a tracked file, and each
`cargo install ... NAME@VERSION` the version tests/tools.txt pins.
"""

import os
import re
import signal
import subprocess

# Command -> why it is not run by the documentation check.
SKIP_COMMANDS = {
    "bash tests/run.sh": "the test command itself",
    "bash web/build.sh && python3 -m http.server -d target/web 8000":
        "serves until stopped; the web part builds and serves the playground",
    "bash web/build.sh": "the web part runs it",
    "cargo run --release -p qttt-cli -- tablebase build --out qttt.tb":
        "the complete table: 27 minutes of both cores, a benchmark run once (docs/performance.md); "
        "the cli and rust parts build and check reduced tables",
    "echo \"19 37\" | cargo run --release -p qttt-cli -- tablebase probe --table qttt.tb":
        "needs the complete table; qttt-cli/tests/tablebase.rs probes a reduced one",
    "python3 -m http.server -d target/web 8000": "serves until stopped; the web part serves target/web",
    "bash qttt-wasm/build.sh": "the js part runs it",
    "npm install ./target/npm/qttt-0.1.0.tgz": "the js part installs the package from its tarball",
    "cargo install --locked cargo-c@0.10.24": "an install; the c part installs cargo-c at the pinned version",
    "cargo install --locked cargo-c@0.10.24 && cargo cinstall --release -p qttt-ffi --prefix /usr/local":
        "installs into the system; the c part installs the library the same way into target/c/prefix",
    "cargo cinstall --release -p qttt-ffi --prefix \"$HOME/.local\" --libdir \"$HOME/.local/lib\"":
        "the c part runs docs/c.md's block, with HOME in a scratch folder",
    "export PKG_CONFIG_PATH=\"$HOME/.local/lib/pkgconfig\"": "the c part runs docs/c.md's block",
    "cc -std=c99 mygame.c -o mygame $(pkg-config --cflags --libs qttt) -Wl,-rpath,\"$HOME/.local/lib\"":
        "the c part runs docs/c.md's block",
    "./mygame": "the c part runs docs/c.md's block",
    "cc -std=c99 mygame.c -o mygame $(pkg-config --cflags --libs qttt)":
        "needs the library installed into the system; the c part builds the guide's program by pkg-config",
    "cmake -S examples/sdl -B build-sdl -DCMAKE_PREFIX_PATH=\"$HOME/.local\"":
        "needs the installed library and SDL2; the c part builds the SDL game by find_package",
    "cmake --build build-sdl && ./build-sdl/qttt-sdl --ai perfect --human x --time-limit 2000":
        "opens a window; the c part plays the SDL game by mouse under Xvfb",
    "pip install target/wheels/qttt-*.whl": "an install; the python part installs the wheel into fresh virtualenvs",
    "pip install ./qttt-py": "an install; the python part builds and installs the sdist",
    "pip install \"$(echo target/wheels/qttt-*.whl)[rl]\"":
        "an install; the python part installs the wheel with [rl] this way into a fresh virtualenv",
    "pip install \"$(echo target/wheels/qttt-*.whl)[openspiel]\"":
        "an install; the python part checks the wheel declares the extra (and installs OpenSpiel)",
    "pip install \"$(echo target/wheels/qttt-*.whl)[textarena]\"":
        "an install; the python part checks the wheel declares the extra (and installs TextArena)",
    "pip install \"$(echo target/wheels/qttt-*.whl)[mcp]\"":
        "an install; the python part checks the wheel declares the extra (and installs the MCP SDK)",
    "python3 -m http.server 8000": "serves until stopped; the web part serves the playground",
    "python3 -m http.server --bind 0.0.0.0 8000": "serves until stopped, to the network; the web part serves the playground",
    "cargo build --release -p qttt-server": "minutes of compiling; the server part builds the release binary",
    "qttt-server --addr 0.0.0.0:8023": "serves the school network until stopped; the server part runs it on loopback",
    "sudo apt-get install postgresql": "an install; tests/server/cluster.sh installs Debian's postgresql",
    "sudo -u postgres createuser --pwprompt qttt":
        "asks for a password, on a system cluster; tests/server/cluster.sh makes a throwaway one",
    "sudo -u postgres createdb --owner=qttt qttt":
        "on a system cluster; tests/server/cluster.sh creates its databases in a throwaway one",
    "qttt-server --addr 127.0.0.1:8023 --db 'postgres://qttt:PASSWORD@db.example.org/qttt'  --public-url https://games.example.org --trust-proxy 127.0.0.1":
        "needs that database server; the server part runs two instances on a throwaway PostgreSQL",
    "sudo systemctl enable --now qttt-server@8023 qttt-server@8024":
        "installs services into the system; the server part runs the instances itself",
    "cargo build --release -p qttt-server --bins --examples":
        "minutes of compiling; the server part builds the server, the load generator is a benchmark",
    "target/release/examples/load target/release/qttt-server TABLES SECONDS [RATE]":
        "a benchmark of chosen size (docs/performance.md), never a test",
    "QTTT_LOAD_AT=P,P QTTT_LOAD_METRICS=A,B target/release/examples/load - 200 15 [RATE]":
        "a benchmark against running instances and nginx (docs/performance.md), never a test",
    "bash web/build.sh && cargo run --release -p qttt-server -- --addr 127.0.0.1:8023":
        "serves until stopped; the server part builds and runs the server on loopback",
    "qttt count": "counts every complete game (half a minute and more); the counter's tests check it",
    "qttt stats 100000000 --seed 2026": "a hundred million games (minutes); the statistics' tests check them",
    "qttt stats 1000000 --seed 2026 --uniform-games": "minutes; the statistics' tests check uniform games",
}

# Ten minutes: a first `cargo run --release` compiles for minutes on a slow
# or loaded machine; a command that waits for input gets none and ends.
TIMEOUT = 600
# Commands that install are never run here: they need a reason in SKIP_COMMANDS.
INSTALLS = re.compile(r"(^|&& *)(cargo install|cargo cinstall|pip install|npm install|apt-get|sudo) ")


def run(command, root):
    """(exit status or None on a time-out, output) of the command, its whole
    process group stopped at the time-out."""
    process = subprocess.Popen(["bash", "-c", command], cwd=root, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               start_new_session=True)
    try:
        output, _ = process.communicate(timeout=TIMEOUT)
        return process.returncode, output
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        return None, ""


def fenced_commands(text):
    """The command lines of the text's fenced `sh` blocks."""
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.S):
        joined = re.sub(r"\\\n\s*", " ", block)
        for line in joined.splitlines():
            command = re.sub(r"\s+#.*$", "", line).strip()
            if command and not command.startswith("#"):
                yield command


def inline_commands(text):
    """Commands in the prose's code spans (across line breaks) and in the blocks."""
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    for span in re.findall(r"`([^`]+)`", prose):
        span = " ".join(span.split())
        if re.match(r"(cargo|bash|python3) ", span):
            yield span
    yield from fenced_commands(text)


def workspace(root):
    """Package name -> its folder, for the members of the Cargo workspace."""
    members = re.search(r"members = \[(.*?)\]", (root / "Cargo.toml").read_text(), flags=re.S).group(1)
    packages = {}
    for folder in re.findall(r'"([^"]+)"', members):
        name = re.search(r'^name = "(.*)"', (root / folder / "Cargo.toml").read_text(), flags=re.M).group(1)
        packages[name] = root / folder
    return packages


def tool_pins(root):
    """Package -> version, for the cargo tools of tests/tools.txt."""
    rows = [line.split() for line in (root / "tests/tools.txt").read_text().splitlines()]
    return {row[1]: row[2] for row in rows if len(row) >= 3 and row[0] == "cargo"}


def reference_failures(root, name, command, packages, tracked):
    """What the command names that does not exist, or at another version than its pin."""
    failures = []
    words = command.split()
    pins = tool_pins(root)
    for word in words[2:] if words[:2] == ["cargo", "install"] else []:
        tool, _, version = word.partition("@")
        if version and pins.get(tool) != version:
            failures.append(f"{name}: `{command}`: tests/tools.txt pins {tool} at {pins.get(tool)}")
    if words[0] == "cargo":
        package = words[words.index("-p") + 1] if "-p" in words[:-1] else None
        if package and package not in packages:
            failures.append(f"{name}: `{command}`: no package {package} in the workspace")
        folders = [packages[package]] if package in packages else list(packages.values())
        for flag, folder in (("--example", "examples"), ("--bench", "benches")):
            if flag in words[:-1]:
                target = words[words.index(flag) + 1]
                if not any((f / folder / f"{target}.rs").exists() for f in folders):
                    failures.append(f"{name}: `{command}`: no {flag[2:]} {target} in {package or 'the workspace'}")
    for word, path in zip(words, words[1:]):
        if word in ("bash", "python3") and re.match(r"[\w./-]+\.(sh|py)$", path) and path not in tracked:
            failures.append(f"{name}: `{command}`: no file {path}")
    return failures


def command_failures(root, markdown_files):
    """(failures, number of commands checked) over the given Markdown files."""
    failures, checked, seen = [], 0, set()
    packages = workspace(root)
    tracked = set(subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True,
                                 check=True).stdout.split())
    for name in markdown_files:
        if name.startswith("docs/seeds/"):
            continue  # the original rule texts, kept as they were written
        text = (root / name).read_text()
        for command in inline_commands(text):
            checked += 1
            failures += reference_failures(root, name, command, packages, tracked)
        for command in fenced_commands(text):
            checked += 1
            seen.add(command)
            if command in SKIP_COMMANDS:
                continue
            if INSTALLS.search(command):
                failures.append(f"{name}: `{command}` installs: give the reason it is not run in SKIP_COMMANDS")
                continue
            status, output = run(command, root)
            if status is None:
                failures.append(f"{name}: `{command}` ran for more than {TIMEOUT} s"
                                " (shorten it in the docs, or give a reason in SKIP_COMMANDS)")
            elif status != 0:
                tail = output.strip().splitlines()[-3:]
                failures.append(f"{name}: `{command}` failed ({status}): {' / '.join(tail)}")
            else:
                print(f"ran: {command}")
    failures += [f"SKIP_COMMANDS lists `{c}`, which no doc gives any more" for c in SKIP_COMMANDS.keys() - seen]
    return failures, checked

