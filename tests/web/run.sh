#!/usr/bin/env bash
# The browser part of the test command: builds the playground
# (web/build.sh), serves it on localhost under a sub-path, and runs the browser test
# (playground.test.mjs, review.test.mjs; offline.test.mjs serves the build itself, so
# that it can stop its server) in Debian's Chromium through playwright-core, both
# installed once per machine (Chromium by apt, playwright-core by npm,
# pinned by package-lock.json, outside the clone: tests/web/node_modules
# is a link to it).
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$QTTT_ROOT"
need_apt chromium
need_web_test_modules
bash web/build.sh
# Served from a sub-folder (/class/qttt/), as a static host such as GitHub
# Pages serves a project: nothing may assume the site's root.
rm -rf target/web-host && mkdir -p target/web-host/class && ln -s ../../web target/web-host/class/qttt
# Port 0: the system picks a free port, which the server names in its first line.
python3 -u -m http.server --bind 127.0.0.1 --directory target/web-host 0 >target/web-server.log 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
port=
site=
for _ in $(seq 50); do
  port=$(sed -n 's/^Serving HTTP on .* port \([0-9]*\).*/\1/p' target/web-server.log)
  site="http://127.0.0.1:$port/class/qttt"
  [ -n "$port" ] && curl -sf "$site/" >/dev/null && break
  sleep 0.1
done
[ -n "$port" ] || { cat target/web-server.log >&2; echo "the static server did not start" >&2; exit 1; }
QTTT_SITE="$site" node_test tests/web/
echo "screenshots: target/web-screenshots/"
