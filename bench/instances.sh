#!/usr/bin/env bash
# Two release instances of the tables server on one throwaway PostgreSQL
# cluster, nginx in front of them (qttt-server/deploy/nginx.conf), and the
# load generator against them: a benchmark, never a test (docs/performance.md,
# "Several instances on PostgreSQL behind nginx"). Bounded: TABLES tables
# for SECONDS seconds a run, two runs; everything stops at the end, also
# when a run fails.
#   cargo build --release -p qttt-server --bins --examples
#   bash bench/instances.sh [TABLES [SECONDS [RATE]]]     (default 200 15 1000)
# Run 1: through nginx, as fast as the instances answer (durable actions a
# second in all). Run 2: at RATE actions a second over all tables, each
# table's X at the first instance and its O at the second (every update
# crosses instances through the database's notices).
# QTTT_BENCH_SERVER=PATH runs that qttt-server binary instead of this
# build's (to compare two builds in the same minutes).
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../tests/lib.sh"
# shellcheck source=tests/server/cluster.sh
source "$QTTT_ROOT/tests/server/cluster.sh"
cd "$QTTT_ROOT"

tables=${1:-200} seconds=${2:-15} rate=${3:-1000}
release=${CARGO_TARGET_DIR:-target}/release
server=${QTTT_BENCH_SERVER:-$release/qttt-server}
work=$(mktemp -d "${TMPDIR:-/tmp}/qttt-bench-instances.XXXXXX")
chmod 755 "$work" # PostgreSQL runs as its own system user
pids=()
stop() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  cluster_down
  rm -rf "$work"
}
trap stop EXIT

pg_up "$work"
port_a=$(free_port) port_b=$(free_port)
nginx_up "$work" "$port_a" "$port_b"
for port in "$port_a" "$port_b"; do
  # Every client is on this machine: limits per address as high as the run's.
  "$server" --addr "127.0.0.1:$port" --db "$QTTT_TEST_DB" \
    --max-connections-per-address $((4 * tables)) --create-burst $((2 * tables)) \
    >"$work/server-$port.out" 2>"$work/server-$port.log" &
  pids+=("$!")
  wait_http "http://127.0.0.1:$port/healthz"
done
# nginx counted the instances out while they were not yet listening.
nginx_reload
wait_http "http://$QTTT_TEST_PROXY/healthz"

a=127.0.0.1:$port_a b=127.0.0.1:$port_b
echo "== through nginx, as fast as it answers: $tables tables, $seconds s"
QTTT_LOAD_AT=$QTTT_TEST_PROXY,$QTTT_TEST_PROXY QTTT_LOAD_METRICS=$a,$b \
  "$release/examples/load" - "$tables" "$seconds"
echo "== X at one instance, O at the other, $rate actions/s: $tables tables, $seconds s"
QTTT_LOAD_AT=$a,$b QTTT_LOAD_METRICS=$a,$b \
  "$release/examples/load" - "$tables" "$seconds" "$rate"
