#!/usr/bin/env bash
# The parts of the tables server's tests that are not plain `cargo test -p
# qttt-server` (which runs the integration tests, the bot and a short crash
# test on the debug binary, on the embedded store):
#   1. the crash test on the release binary, many rounds: scripted games,
#      SIGKILL right after acknowledgements, restart, compare;
#   2. the browser tests of the online pages (tests/web/online.test.mjs,
#      tests/web/events.test.mjs) against the release binary, in Debian's
#      Chromium;
#   3. on a throwaway PostgreSQL cluster (tests/server/cluster.sh, under
#      target/): the integration tests again with PostgreSQL as the store
#      (tables.rs, names.rs; limits.rs, the expiry's SQL; events.rs), several
#      instances on one database (instances.rs);
#   4. two instances behind nginx (qttt-server/deploy/nginx.conf): games
#      with one instance killed mid-game (proxy.rs), and the browser test
#      through the proxy.
# PostgreSQL and nginx stop at the end, also when a test fails.
# Usage: bash tests/server/run.sh [CRASH_ROUNDS]   (default 40)
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
# shellcheck source=tests/server/cluster.sh
source "$(dirname "$0")/cluster.sh"
cd "$QTTT_ROOT"
rounds=${1:-40}
work=$QTTT_ROOT/target/server-tests
rm -rf "$work" && mkdir -p "$work"
servers=()
cleanup() {
  local pid
  for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null || true; done
  cluster_down
}
trap cleanup EXIT

# Runs the server's test $1 (its further arguments go to the test): the
# test build the rust part made (`cargo test --workspace --all-features`,
# the same command, so nothing is compiled again); the servers the tests
# start themselves (the crash and proxy tests) are the release binary.
# (`--test limits` also runs the core's test of that name: a second.)
server_test() {
  local name=$1
  shift
  cargo test --workspace --all-features --test "$name" "$@"
}

# Starts the release binary in the background with these arguments; waits
# (at most two minutes: a hang guard) until it has printed its address and
# answers there, and sets `served` to that address. (Not in a command
# substitution: the subshell would keep the server's pid from cleanup.)
serve() {
  local out=$work/server-${#servers[@]} pid deadline=$((SECONDS + 120))
  : >"$out.out" # there before the background process opens it
  target/release/qttt-server "$@" >"$out.out" 2>"$out.log" &
  pid=$!
  servers+=("$pid")
  served=
  while [ -z "$served" ]; do
    served=$(sed -n 's/^qttt-server: \(http:[^ ]*\)\/$/\1/p' "$out.out")
    kill -0 "$pid" 2>/dev/null || { cat "$out.log" >&2; echo "qttt-server $* stopped before it served" >&2; return 1; }
    [ $SECONDS -lt $deadline ] || { echo "qttt-server $* printed no address within 120 s" >&2; return 1; }
    [ -n "$served" ] || sleep 0.1
  done
  wait_http "$served/healthz"
}

# The browser test against the server at $1 (playwright-core in Chromium).
browser_test() {
  need_apt chromium
  need_web_test_modules
  QTTT_SERVER="$1" node_test tests/web/online.test.mjs
  QTTT_SERVER="$1" node_test tests/web/events.test.mjs
}

step "server: the crash test, $rounds rounds"
bash web/deps.sh # the online pages' board labels: @fluent/bundle, embedded by the build
cargo build --release -p qttt-server
QTTT_SERVER_BIN="$PWD/target/release/qttt-server" QTTT_CRASH_ROUNDS="$rounds" \
  server_test crash -- --nocapture

if [ -f tests/web/online.test.mjs ]; then
  step "server: the browser test, one instance"
  serve --addr 127.0.0.1:0 --db "$work/tables.db" --grace 600
  browser_test "$served"
  echo "screenshots: target/web-screenshots/online-*.png, events-*.png"
fi

step "server: the integration tests on PostgreSQL, several instances"
pg_up "$work"
server_test tables
server_test names
server_test limits
server_test events
server_test instances -- --ignored
server_test postgres_store -- --ignored

step "server: two instances behind nginx, one killed mid-game"
port_a=$(free_port) port_b=$(free_port)
nginx_up "$work" "$port_a" "$port_b"
QTTT_SERVER_BIN="$PWD/target/release/qttt-server" \
  QTTT_TEST_INSTANCES="127.0.0.1:$port_a,127.0.0.1:$port_b" \
  server_test proxy -- --ignored --nocapture

if [ -f tests/web/online.test.mjs ]; then
  step "server: the browser test through nginx"
  db="${QTTT_TEST_DB%/*}/qttt_browser"
  psql --quiet "$QTTT_TEST_DB" --command='CREATE DATABASE qttt_browser' >/dev/null
  serve --addr "127.0.0.1:$port_a" --db "$db" --grace 600 --trust-proxy 127.0.0.1
  serve --addr "127.0.0.1:$port_b" --db "$db" --grace 600 --trust-proxy 127.0.0.1
  # nginx counts an instance that refused a connection (the proxy test
  # killed them) out for a few seconds: the pages once it serves them.
  wait_http "http://$QTTT_TEST_PROXY/healthz"
  nginx_reload # it may still count the instances the proxy test killed out
  wait_http "http://$QTTT_TEST_PROXY/healthz"
  browser_test "http://$QTTT_TEST_PROXY"
fi
