#!/usr/bin/env bash
# The JavaScript part of the test command: builds the npm package
# (qttt-wasm/build.sh), installs the packed tarball as a user would, runs
# the Node tests (node --test) against it (commonjs.test.mjs also installs
# it into a fresh `npm init` project in the system's temporary folder),
# type-checks a TypeScript program
# against its declarations (typescript pinned in package-lock.json), and
# type-checks and runs every example of docs/javascript.md and the package
# README (doc_examples.mjs).
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v node >/dev/null || { echo "node (18 or newer) is needed for the JavaScript tests" >&2; exit 1; }
bash qttt-wasm/build.sh
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
(cd tests/js && npm ci --silent --no-audit --no-fund &&
  npm install --silent --no-save --no-package-lock --no-audit --no-fund "../../target/npm/qttt-$version.tgz")
(cd tests/js && node --test)
echo "-- the TypeScript declarations (tsc --strict on tests/js/types.ts)"
(cd tests/js && node_modules/.bin/tsc -p tsconfig.json)
echo "-- every example of docs/javascript.md and the package README: type-checked and run"
(cd tests/js && node doc_examples.mjs)
