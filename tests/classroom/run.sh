#!/usr/bin/env bash
# The classroom part of the test command: the rules pages in every language
# (tests/classroom/check_rules.py).
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$QTTT_ROOT"

step "classroom: the rules pages (web/rules/), one per language, the same numbered rules"
python3 tests/classroom/check_rules.py
