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
(cd tests/js && npm ci --silent --no-audit --no-fund &&
  npm install --silent --no-save --no-package-lock --no-audit --no-fund "../../target/npm/qttt-$(workspace_version).tgz")
