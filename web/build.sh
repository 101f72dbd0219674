#!/usr/bin/env bash
# Assembles the playground into target/web: the pages of web/ and the npm
# package built by qttt-wasm/build.sh (in target/web/qttt/). A static site:
# serve the folder with any static server, e.g.
#   python3 -m http.server -d target/web 8000
set -euo pipefail
cd "$(dirname "$0")/.."
bash qttt-wasm/build.sh
out=target/web
rm -rf "$out" && mkdir -p "$out"
cp -r web/index.html web/style.css web/*.js web/rules "$out/"
cp -r target/npm/qttt "$out/qttt"
echo "playground in $out: python3 -m http.server -d $out 8000, then open http://localhost:8000/"
