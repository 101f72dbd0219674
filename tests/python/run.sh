#!/usr/bin/env bash
# The Python part of the test command: builds the release wheel with maturin
# into the clone's virtualenv (.venv, created on first use; the pinned Python
# tools are installed once per machine, outside the clone), then runs pytest
# (shared vectors, errors, pickling, SVG rendered by rsvg-convert, threads,
# qttt.rl with PettingZoo's, Gymnasium's and OpenSpiel's own checks, qttt.agents with
# TextArena and the MCP SDK's client), the README and package
# doctests, mypy's stubtest on the type stubs, the teaching notebook, and
# installs the wheel into a fresh virtualenv to play a game.
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$QTTT_ROOT"
root=$QTTT_ROOT
# rsvg-convert renders the drawn boards for the picture test (test_svg.py).
need_apt librsvg2-bin
venv=$root/.venv
bash tests/python/install.sh   # the wheel, built and installed into .venv
tools=$(python_tools)          # maturin, auditwheel (installed by install.sh)
wheel=$(ls "$root"/target/wheels/qttt-*.whl)
echo "-- the wheel: $(basename "$wheel")"
"$tools/bin/auditwheel" show "$wheel" | tr '\n' ' ' | grep 'consistent with the following platform tag: "manylinux_2_17_x86_64"' >/dev/null
metadata=$("$venv/bin/python" tests/python/wheel_metadata.py "$wheel")
for field in "License-Expression: MIT OR Apache-2.0" "Requires-Python: >=3.9" "Classifier: Topic :: Education" \
  "License-File: LICENSE-MIT" "License-File: LICENSE-APACHE" "# qttt for Python"; do
  grep -qF "$field" <<<"$metadata" || { echo "wheel metadata lacks: $field" >&2; exit 1; }
done
# The extras the docs install from the wheel (agents.md, rl.md, python.md).
for extra in rl openspiel textarena mcp dataset; do
  grep -qx "Provides-Extra: $extra" <<<"$metadata" || { echo "the wheel lacks the extra [$extra]" >&2; exit 1; }
done
echo "manylinux_2_17 (auditwheel), abi3, metadata complete, extras rl openspiel textarena mcp dataset"

# Run from qttt-py/, where no folder named qttt shadows the installed package.
cd qttt-py
echo "-- pytest, with the README examples as doctests"
"$venv/bin/python" -m pytest -q -p no:cacheprovider tests README.md ../README.md ../docs/python.md --doctest-glob='*.md'
echo "-- package docstring examples"
"$venv/bin/python" "$root/tests/python/doctests.py" --module qttt
"$venv/bin/python" "$root/tests/python/doctests.py" --module qttt._dataset
echo "-- type stubs, and qttt.agents checked against them (TextArena has no types)"
# stubtest reads mypy's cache folder from a config file only: under target/.
printf '[mypy]\ncache_dir = %s\n' "$root/target/mypy-cache" >"$root/target/mypy.ini"
"$venv/bin/python" -m mypy.stubtest --mypy-config-file "$root/target/mypy.ini" qttt._qttt
"$venv/bin/python" -m mypy --config-file "$root/target/mypy.ini" --ignore-missing-imports -p qttt.agents
echo "-- the Python API reference from the docstrings (pdoc, warnings are errors): target/pydoc/"
rm -rf "$root/target/pydoc"
"$venv/bin/python" -W error -m pdoc qttt qttt.rl qttt.rl.pettingzoo qttt.rl.gymnasium qttt.rl.openspiel \
  qttt.agents qttt.agents.report qttt.agents.textarena qttt.agents.mcp_server -o "$root/target/pydoc"
for name in Game InvalidActionError Solver RandomStats; do
  grep -q "id=\"$name\"" "$root/target/pydoc/qttt.html" || { echo "the API reference lacks $name" >&2; exit 1; }
done
grep -q 'id="BatchEnv"' "$root/target/pydoc/qttt/rl.html" || { echo "the API reference lacks qttt.rl.BatchEnv" >&2; exit 1; }
grep -q 'id="Harness"' "$root/target/pydoc/qttt/agents.html" || { echo "the API reference lacks qttt.agents.Harness" >&2; exit 1; }
echo "-- the notebooks: the teaching tour and the agent evaluation"
"$venv/bin/python" "$root/tests/python/run_notebook.py" "$root/examples/python/tour.ipynb"
"$venv/bin/python" "$root/tests/python/run_notebook.py" "$root/examples/python/agents.ipynb"
echo "-- the research examples, briefly (docs/rl.md has the full runs)"
"$venv/bin/python" "$root/examples/python/batch_bench.py" --games 64 --steps 50 | tail -n 1
"$venv/bin/python" "$root/examples/python/rl_agent.py" --games 2 | tail -n 1
"$venv/bin/python" "$root/examples/python/openspiel_mcts.py" --games 2 --simulations 50 | tail -n 1
echo "-- the plain script example"
"$venv/bin/python" "$root/examples/python/play.py" --demo --seed 1 | tail -n 1

echo "-- the wheel in a fresh virtualenv with no Rust toolchain on PATH: the READMEs' Python examples"
fresh=$root/target/wheel-venv
rm -rf "$fresh"
python3 -m venv "$fresh"
# As rl.md installs it: the wheel's path with an extra (numpy, PettingZoo, Gymnasium).
"$fresh/bin/pip" install --quiet --disable-pip-version-check "${wheel}[rl]"
"$fresh/bin/python" -c "import qttt.rl, pettingzoo, gymnasium"
(
  cd "$root/target"
  export PATH="$fresh/bin:/usr/bin:/bin"
  if command -v cargo >/dev/null || command -v rustc >/dev/null; then echo "a Rust toolchain is on PATH" >&2; exit 1; fi
  "$fresh/bin/python" "$root/tests/python/doctests.py" "$root/README.md" "$root/qttt-py/README.md" "$root/docs/python.md"
)

echo "-- the sdist, built and installed from source in another fresh virtualenv"
"$tools/bin/maturin" sdist -m "$root/qttt-py/Cargo.toml" -o "$root/target/sdist" >/dev/null
sdist=$(ls "$root"/target/sdist/qttt-*.tar.gz)
fresh_sdist=$root/target/sdist-venv
rm -rf "$fresh_sdist"
python3 -m venv "$fresh_sdist"
"$fresh_sdist/bin/pip" install --quiet --disable-pip-version-check "$sdist"
(cd "$root/target" && "$fresh_sdist/bin/python" "$root/tests/python/installed_game.py")
