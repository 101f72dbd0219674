#!/usr/bin/env bash
# The parts of the tables server's tests that are not plain `cargo test -p
# qttt-server` (which runs the integration tests, the bot and a short crash
# test on the debug binary):
#   1. the crash test on the release binary, many rounds: scripted games,
#      SIGKILL right after acknowledgements, restart, compare;
#   2. the browser test of the online pages (tests/web/online.test.mjs)
#      against the release binary, in Debian's Chromium.
# Usage: bash tests/server/run.sh [CRASH_ROUNDS]   (default 40)
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$QTTT_ROOT"
rounds=${1:-40}
bash web/deps.sh # the online pages' board labels: @fluent/bundle, embedded by the build
cargo build --release -p qttt-server
QTTT_SERVER_BIN="$PWD/target/release/qttt-server" QTTT_CRASH_ROUNDS="$rounds" \
  cargo test --release -p qttt-server --test crash -- --nocapture

if [ -f tests/web/online.test.mjs ]; then
  need_apt chromium
  [ -d tests/web/node_modules/playwright-core ] || (cd tests/web && npm ci --silent --no-audit --no-fund)
  db=$(mktemp -d)
  trap 'kill "$server" 2>/dev/null || true; rm -rf "$db"' EXIT
  target/release/qttt-server --addr 127.0.0.1:0 --db "$db/tables.db" --grace 600 >"$db/out" 2>"$db/log" &
  server=$!
  for _ in $(seq 100); do grep -q '^qttt-server: ' "$db/out" 2>/dev/null && break; sleep 0.1; done
  url=$(sed -n 's/^qttt-server: \(http:[^ ]*\)\/$/\1/p' "$db/out")
  QTTT_SERVER="$url" node --test tests/web/online.test.mjs
  echo "screenshots: target/web-screenshots/online-*.png"
fi
