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
# The lesson (docs/lesson.md and its translations) is linked on the
# project's documentation, not built into the site: the folder of docs/
# as the web shows it, QTTT_DOCS_URL, else in GitHub Actions (the
# release's site) the repository's docs/ folder; with neither (a local
# build) the page shows no lesson link. (Built in, the lessons would need
# a Markdown converter at build time and their 15 position links and 27
# links to other documents rewritten, and the offline cache would grow by
# their five pages: the Markdown alone is 74 KB, 27 KB gzipped;
# docs/classroom.md says why the link was chosen.)
docs=${QTTT_DOCS_URL:-}
if [ -z "$docs" ] && [ -n "${GITHUB_REPOSITORY:-}" ]; then
  docs="${GITHUB_SERVER_URL:-https://github.com}/$GITHUB_REPOSITORY/blob/HEAD/docs/"
fi
docs=${docs//#/%23}
sed -i "s#data-docs=\"\"#data-docs=\"${docs//&/\\&}\"#" "$out/index.html"
# The words outside the pages' text, from the locale files: the list of the
# languages, the manifest in each language, the file:// message.
node web/localize.mjs "$out"
# Last, once every file is in place: the service worker that keeps them
# all for offline use (web/precache.mjs lists them).
node web/precache.mjs "$out"
echo "playground in $out: python3 -m http.server -d $out 8000, then open http://localhost:8000/"
