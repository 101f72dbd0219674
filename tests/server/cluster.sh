# Throwaway PostgreSQL and nginx for the tables server's tests: source it,
# then `pg_up DIR` and `nginx_up DIR PORT_A PORT_B`; both stop at `cluster_down`
# (set it as the EXIT trap). Loopback only, data under DIR (in the build
# folder), PostgreSQL as Debian's `postgres` system user (initdb refuses
# root). Installs Debian's postgresql and nginx once per machine.
# shellcheck shell=bash

# A free TCP port on 127.0.0.1, below the system's range of ephemeral ports
# (ip_local_port_range): a port from that range, free when picked, can be
# taken meanwhile as the local end of any connection on the machine (nginx's
# own to an instance that is down among them) before the test binds it.
free_port() {
  python3 - <<'PY'
import random, socket
low = int(open("/proc/sys/net/ipv4/ip_local_port_range").read().split()[0])
for port in random.sample(range(10000, low), 500):
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            continue
    print(port)
    break
else:
    raise SystemExit("no free port on 127.0.0.1 below the ephemeral range")
PY
}

# Waits (at most $2 seconds, default 120) until $1 answers an HTTP GET with
# status 200; fails with a message naming it otherwise.
wait_http() {
  local deadline=$((SECONDS + ${2:-120}))
  until curl -sf -o /dev/null --max-time 10 "$1"; do
    [ $SECONDS -lt $deadline ] || { echo "$1 did not answer with 200 within ${2:-120} s" >&2; return 1; }
    sleep 0.2
  done
}

# Starts a PostgreSQL cluster in $1/pg on a free port; sets QTTT_TEST_DB to
# the address of its database `qttt` (user qttt, trusted on loopback).
pg_up() {
  local dir bin port
  dir=$(realpath -m "$1")/pg
  need_apt postgresql
  bin=$(find /usr/lib/postgresql -maxdepth 2 -name bin -type d | sort -V | tail -n 1)
  rm -rf "$dir" && mkdir -p "$dir/socket"
  chown -R postgres:postgres "$dir"
  runuser -u postgres -- "$bin/initdb" --pgdata="$dir/data" --username=qttt --auth=trust \
    --encoding=UTF8 --no-instructions >"$dir/initdb.log"
  port=$(free_port)
  PG_CTL=("$bin/pg_ctl" --pgdata="$dir/data")
  runuser -u postgres -- "${PG_CTL[@]}" --log="$dir/server.log" --wait --silent \
    -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir/socket -c max_connections=200" start
  PG_UP=1
  runuser -u postgres -- "$bin/psql" --quiet --host=127.0.0.1 --port="$port" --username=qttt \
    --dbname=postgres --command='CREATE DATABASE qttt' >/dev/null
  export QTTT_TEST_DB="postgres://qttt@127.0.0.1:$port/qttt"
  echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (data in $dir)"
}

# Starts nginx with qttt-server/deploy/nginx.conf on a free port in $1/nginx,
# in front of the instances on 127.0.0.1:$2 and 127.0.0.1:$3; sets
# QTTT_TEST_PROXY to its address.
nginx_up() {
  local dir port
  dir=$(realpath -m "$1")/nginx
  need_apt nginx
  rm -rf "$dir" && mkdir -p "$dir/logs"
  port=$(free_port)
  sed -e "s/127\.0\.0\.1:8023 /127.0.0.1:$2 /" -e "s/127\.0\.0\.1:8024 /127.0.0.1:$3 /" \
    -e "s/listen 127\.0\.0\.1:8080;/listen 127.0.0.1:$port;/" \
    "$QTTT_ROOT/qttt-server/deploy/nginx.conf" >"$dir/nginx.conf"
  # Not the system service: its own prefix, configuration, pid and logs.
  nginx -p "$dir" -c "$dir/nginx.conf" -g "pid $dir/nginx.pid; error_log $dir/logs/error.log;"
  NGINX_DIR=$dir
  export QTTT_TEST_PROXY="127.0.0.1:$port"
  # Listening once it answers at all (502 while no instance runs).
  local deadline=$((SECONDS + 60))
  until curl -s -o /dev/null --max-time 10 "http://$QTTT_TEST_PROXY/"; do
    [ $SECONDS -lt $deadline ] || { echo "nginx does not answer on $QTTT_TEST_PROXY" >&2; return 1; }
    sleep 0.2
  done
  echo "nginx $(nginx -v 2>&1 | sed 's/.*nginx\///') on $QTTT_TEST_PROXY"
}

# Reloads nginx_up's nginx: fresh workers, which forget the instances an
# earlier test killed (nginx counts a refusing upstream out for a while and
# answers WebSockets with 502 meanwhile, even once the instance is back).
nginx_reload() {
  nginx -p "$NGINX_DIR" -c "$NGINX_DIR/nginx.conf" -g "pid $NGINX_DIR/nginx.pid; error_log $NGINX_DIR/logs/error.log;" -s reload
  sleep 1 # the old workers finish; the new ones take the connections
}

# Stops what pg_up and nginx_up started (safe to call when they did not).
cluster_down() {
  if [ -n "${NGINX_DIR:-}" ] && [ -f "$NGINX_DIR/nginx.pid" ]; then
    kill "$(cat "$NGINX_DIR/nginx.pid")" 2>/dev/null || true
  fi
  if [ -n "${PG_UP:-}" ]; then
    runuser -u postgres -- "${PG_CTL[@]}" --mode=immediate --silent stop || true
    PG_UP=
  fi
}
