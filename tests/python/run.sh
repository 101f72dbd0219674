#!/usr/bin/env bash
# The Python part of the test command: builds the release wheel with maturin
# into a local virtualenv (.venv, created on first use), then runs pytest
# (shared vectors, errors, pickling, SVG rendered by rsvg-convert, threads), the README and package
# doctests, mypy's stubtest on the type stubs, the teaching notebook, and
# installs the wheel into a fresh virtualenv to play a game.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
# rsvg-convert renders the drawn boards for the picture test (test_svg.py).
if ! command -v rsvg-convert >/dev/null 2>&1; then
  echo "installing librsvg2-bin"
  apt-get install -y -qq librsvg2-bin >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq librsvg2-bin >/dev/null; }
fi
venv=$root/.venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check -r qttt-py/requirements-dev.txt

rm -rf target/wheels
"$venv/bin/maturin" build --release --quiet -m qttt-py/Cargo.toml -o target/wheels
wheel=$(ls "$root"/target/wheels/qttt-*.whl)
"$venv/bin/pip" install --quiet --disable-pip-version-check --force-reinstall --no-deps "$wheel"

# Run from qttt-py/, where no folder named qttt shadows the installed package.
cd qttt-py
echo "-- pytest, with the README examples as doctests"
"$venv/bin/python" -m pytest -q -p no:cacheprovider tests README.md ../README.md --doctest-glob='*.md'
echo "-- package docstring examples"
"$venv/bin/python" -c "import doctest, sys, qttt; f, n = doctest.testmod(qttt); print(f'doctest: {n - f} passed, {f} failed'); sys.exit(f > 0 or n == 0)"
echo "-- type stubs"
"$venv/bin/python" -m mypy.stubtest qttt._qttt
echo "-- the teaching notebook"
"$venv/bin/python" "$root/tests/python/run_notebook.py" "$root/examples/python/tour.ipynb"
echo "-- the plain script example"
"$venv/bin/python" "$root/examples/python/play.py" --demo --seed 1 | tail -n 1

echo "-- the wheel in a fresh virtualenv"
fresh=$root/target/wheel-venv
rm -rf "$fresh"
python3 -m venv "$fresh"
"$fresh/bin/pip" install --quiet --disable-pip-version-check "$wheel"
"$fresh/bin/python" - <<'PY'
import random
import qttt

game, rng = qttt.Game(), random.Random(5)
while not game.is_over:
    game = game.apply(rng.choice(game.legal_actions()))
print("fresh install played:", game.record, "->", game.outcome.winner or "draw")
PY
