#!/usr/bin/env bash
# Builds the release wheel of the Python module with maturin and installs
# it into the clone's virtualenv .venv (created on first use), which sees
# the Python tools of qttt-py/requirements-dev.txt, installed once per
# machine outside the clone (tests/lib.sh: python_tools): what the python
# part tests, and what the conformance part plays the Python side with.
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$QTTT_ROOT"
project_venv   # .venv, and PYTHON_TOOLS
venv=$QTTT_ROOT/.venv

rm -rf target/wheels target/sdist
# A manylinux2014 (glibc 2.17) abi3 wheel, linked by zig (ziglang from PyPI,
# found by maturin through the virtualenv's python on PATH).
PATH="$venv/bin:$PATH" "$PYTHON_TOOLS/bin/maturin" build --release --quiet --zig --compatibility manylinux2014 \
  -m qttt-py/Cargo.toml -o target/wheels
"$venv/bin/pip" install --quiet --disable-pip-version-check --force-reinstall --no-deps target/wheels/qttt-*.whl
