#!/usr/bin/env bash
# Builds the npm package (qttt-wasm/build.sh) and installs the packed
# tarball into tests/js/node_modules as a user would, beside the test
# dependencies of tests/js/package-lock.json: what the js part tests, and
# what the conformance part plays the JavaScript side with.
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$QTTT_ROOT"
command -v node >/dev/null || { echo "node (18 or newer) is needed for the JavaScript tests" >&2; exit 1; }
bash qttt-wasm/build.sh
npm_ci tests/js tests/js/package-lock.json
(cd tests/js && install_step "npm install of target/npm/qttt-$(workspace_version).tgz" "rebuild it with bash qttt-wasm/build.sh" \
  npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error "../../target/npm/qttt-$(workspace_version).tgz")
