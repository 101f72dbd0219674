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
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$QTTT_ROOT"
bash tests/js/install.sh   # the npm package, built and installed into tests/js/node_modules
(cd tests/js && node_test .)
echo "-- the TypeScript declarations (tsc --strict on tests/js/types.ts)"
(cd tests/js && node_modules/.bin/tsc -p tsconfig.json)
echo "-- the declarations in a Node project without the DOM library (lib es2022 only, skipLibCheck false)"
(cd tests/js && node_modules/.bin/tsc -p tsconfig.es2022.json)
echo "-- every example of docs/javascript.md and the package README: type-checked and run"
(cd tests/js && node doc_examples.mjs)
