#!/usr/bin/env bash
# The playground's one runtime library, Project Fluent's @fluent/bundle
# (which reads the locale files), installed by npm from web/package.json and
# web/package-lock.json (the pinned version) into target/web-deps/ and its
# ES modules put in target/web-deps/vendor/fluent-bundle/, where web/build.sh
# and qttt-server's build take them from. The site has no bundler: the
# browser loads these files as they are. Nothing is installed in web/.
set -euo pipefail
cd "$(dirname "$0")/.."
deps=target/web-deps
if ! cmp -s web/package-lock.json "$deps/package-lock.json" || [ ! -d "$deps/vendor/fluent-bundle" ]; then
  rm -rf "$deps" && mkdir -p "$deps/vendor/fluent-bundle"
  cp web/package.json web/package-lock.json "$deps/"
  (cd "$deps" && npm ci --silent --no-audit --no-fund)
  cp "$deps"/node_modules/@fluent/bundle/esm/*.js "$deps/vendor/fluent-bundle/"
fi
