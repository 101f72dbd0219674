#!/usr/bin/env bash
# Assembles the playground into target/web: the pages of web/ and the npm
# package built by qttt-wasm/build.sh (in target/web/qttt/), with the web
# app manifest, its icons and the service worker for offline use. A static site:
# serve the folder with any static server, e.g.
#   python3 -m http.server -d target/web 8000
set -euo pipefail
cd "$(dirname "$0")/.."
bash qttt-wasm/build.sh
out=target/web
rm -rf "$out" && mkdir -p "$out"
cp web/index.html web/offline.html web/manifest.webmanifest web/style.css web/*.js "$out/"
mkdir "$out/icons" && cp web/icons/*.svg web/icons/*.png "$out/icons/"
# The locale files (shared with the Python module: qttt-locales/) and the one
# library that reads them, @fluent/bundle's ES modules (web/deps.sh).
bash web/deps.sh
mkdir -p "$out/locales" "$out/vendor"
cp qttt-locales/ftl/*.ftl "$out/locales/"
cp -r target/web-deps/vendor/fluent-bundle "$out/vendor/"
# The rules page of each language (rules/<lang>.html), linked from the page.
cp -r web/rules "$out/"
cp -r target/npm/qttt "$out/qttt"
# The words outside the pages' text, from the locale files: the list of the
# languages, the manifest in each language, the file:// message.
node web/localize.mjs "$out"
# Last, once every file is in place: the service worker that keeps them
# all for offline use (web/precache.mjs lists them).
node web/precache.mjs "$out"
echo "playground in $out: python3 -m http.server -d $out 8000, then open http://localhost:8000/"
