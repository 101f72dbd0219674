#!/usr/bin/env bash
# The classroom part of the test command: the rules pages in every language
# (check_rules.py); the game's terms in the Dutch, Russian, Danish and German
# lesson, rules pages and locale files, against the glossary of their seed
# texts, tests/classroom/terms.json (check_terms.py); the lesson's answer
# key and the printables, worked out and drawn by the Python module (docs/lesson/make.py), checked to be what
# docs/lesson.md, its translations docs/lesson.LANG.md and docs/printables/
# hold, and spot-checked against answers worked out by hand (check_key.py,
# which also holds each translation's key to the English one's facts); and the printables built into
# target/classroom/printables, as SVG and PDF (rsvg-convert), and checked
# (check_printables.py: well-formed, the paper's size, pages and boards).
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$QTTT_ROOT"

step "classroom: the rules pages (web/rules/), one per language, the same numbered rules"
python3 tests/classroom/check_rules.py

step "classroom: the translations use their seed texts' terms (tests/classroom/terms.json)"
python3 tests/classroom/check_terms.py

step "classroom: the lesson's answer key and the printables, from the engine, up to date in docs/"
# rsvg-convert turns the SVG pages into PDFs.
need_apt librsvg2-bin
if part_done python; then
  python=$QTTT_ROOT/.venv/bin/python   # the python part's wheel, installed there
else
  # The module alone, in a small virtualenv of its own (the python part's
  # .venv sees every research library its tests use); maturin from the
  # per-machine Python tools.
  tools=$(python_tools)
  venv=$QTTT_ROOT/target/classroom/venv
  [ -x "$venv/bin/python" ] || new_venv "$venv"
  rm -rf target/classroom/wheels
  "$tools/bin/maturin" build --release --quiet -m qttt-py/Cargo.toml -o target/classroom/wheels
  "$venv/bin/pip" install --quiet --disable-pip-version-check --force-reinstall --no-deps target/classroom/wheels/qttt-*.whl
  python=$venv/bin/python
fi
out=target/classroom/printables
rm -rf "$out"
"$python" docs/lesson/make.py --check --out "$out" --pdf
python3 tests/classroom/check_key.py   # and the key agrees with answers worked out by hand

step "classroom: the printables built (A4 and Letter, SVG and PDF): sizes, pages, boards"
python3 tests/classroom/check_printables.py "$out"
