#!/usr/bin/env bash
# The JavaScript part of the test command: builds the npm package
# (qttt-wasm/build.sh), installs the packed tarball as a user would, runs
# the Node tests (node --test) against it, type-checks a TypeScript program
# against its declarations (typescript pinned in package-lock.json), and
# runs the package README's example.
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$QTTT_ROOT"
bash tests/js/install.sh   # the npm package, built and installed into tests/js/node_modules
(cd tests/js && node --test)
echo "-- the TypeScript declarations (tsc --strict on tests/js/types.ts)"
(cd tests/js && node_modules/.bin/tsc -p tsconfig.json)
echo "-- the package README's example"
# Written beside the tests, where `qttt` resolves to the installed package;
# removed however the run ends.
trap 'rm -f tests/js/readme-example.mjs' EXIT
# shellcheck disable=SC2016 # backquotes of Markdown, not of the shell
sed -n '/^```js$/,/^```$/{/^```js$/d;/^```$/q;p}' qttt-wasm/README.md >tests/js/readme-example.mjs
output=$(cd tests/js && node readme-example.mjs)
echo "$output"
[ "$output" = "$(printf 'collapse [ 6, 8 ]\nX\ngame_over')" ] || { echo "the README example printed something else" >&2; exit 1; }
