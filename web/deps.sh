#!/usr/bin/env bash
# The playground's one runtime library, Project Fluent's @fluent/bundle
# (which reads the locale files), installed by npm from web/package.json and
# web/package-lock.json (the pinned version) once per machine outside the
# clone (tests/lib.sh: npm_tools), and its ES modules copied to
# target/web-deps/vendor/fluent-bundle/, where web/build.sh and
# qttt-server's build take them from. The site has no bundler: the browser
# loads these files as they are. Nothing is installed in web/.
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../tests/lib.sh"
cd "$QTTT_ROOT"
deps=target/web-deps
if ! cmp -s web/package-lock.json "$deps/package-lock.json" || [ ! -d "$deps/vendor/fluent-bundle" ]; then
  modules=$(npm_tools web)
  rm -rf "$deps" && mkdir -p "$deps/vendor/fluent-bundle"
  cp "$modules"/@fluent/bundle/esm/*.js "$deps/vendor/fluent-bundle/"
  cp web/package-lock.json "$deps/"
fi
