#!/usr/bin/env bash
# The browser part of the test command: builds the playground
# (web/build.sh), serves it on localhost under a sub-path, and runs the browser test
# (playground.test.mjs) in Debian's Chromium through playwright-core, both
# installed once per machine (Chromium by apt, playwright-core by npm into
# tests/web/node_modules, pinned by package-lock.json).
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v chromium >/dev/null; then
  echo "installing chromium (once per machine)"
  apt-get install -y -qq chromium >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq chromium >/dev/null; }
fi
[ -d tests/web/node_modules/playwright-core ] || (cd tests/web && npm ci --silent --no-audit --no-fund)
bash web/build.sh
port=$(python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
# Served from a sub-folder (/class/qttt/), as a static host such as GitHub
# Pages serves a project: nothing may assume the site's root.
rm -rf target/web-host && mkdir -p target/web-host/class && ln -s ../../web target/web-host/class/qttt
python3 -m http.server --bind 127.0.0.1 --directory target/web-host "$port" >target/web-server.log 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
site="http://127.0.0.1:$port/class/qttt"
for _ in $(seq 50); do curl -sf "$site/" >/dev/null && break; sleep 0.1; done
QTTT_SITE="$site" node --test tests/web/
echo "screenshots: target/web-screenshots/"
