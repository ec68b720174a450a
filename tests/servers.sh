#!/usr/bin/env bash
# CTest fixture: starts one private PostgreSQL and one private Redis (with a random password, as
# deployments have) for a test run, on free loopback ports, with data in a fresh temporary
# directory; writes their ports and the Redis password file to STATE_DIR/servers.env for the
# tests (tests/testing/servers.cc reads it). `stop` stops both and
# deletes the data. Never touches the local stack (deploy/stack.sh), which uses fixed ports.
#   tests/servers.sh start STATE_DIR
#   tests/servers.sh stop STATE_DIR
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
servers=$root/deploy/servers.sh
state=${2:?usage: $0 start|stop STATE_DIR}
envfile=$state/servers.env

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
free_port() {
  local p
  for _ in $(seq 1 200); do
    p=$((20000 + RANDOM % 20000))
    if port_free "$p"; then echo "$p"; return 0; fi
  done
  echo "no free port found" >&2; exit 1
}

stop() {
  [ -f "$envfile" ] || return 0
  # shellcheck disable=SC1090
  source "$envfile"
  "$servers" stop-postgres "$MAILRUN_TEST_DATA_DIR/postgres" immediate || true
  "$servers" stop-redis "$MAILRUN_TEST_DATA_DIR/redis" || true
  rm -rf "$MAILRUN_TEST_DATA_DIR"
  rm -f "$envfile"
}

case "${1:-}" in
  start)
    stop
    mkdir -p "$state"
    data=$(mktemp -d /tmp/mailrun-test-servers.XXXXXX)
    chmod 755 "$data"
    pg_port=$(free_port)
    redis_port=$(free_port)
    MAILRUN_PG_THROWAWAY=1 "$servers" start-postgres "$data/postgres" "$pg_port"
    "$servers" new-password "$data/redis.password"
    "$servers" start-redis "$data/redis" "$redis_port" "$data/redis.password"
    cat >"$envfile" <<ENV
MAILRUN_TEST_DATA_DIR=$data
MAILRUN_TEST_PG_PORT=$pg_port
MAILRUN_TEST_REDIS_PORT=$redis_port
MAILRUN_TEST_REDIS_PASSWORD_FILE=$data/redis.password
ENV
    echo "test servers: PostgreSQL 127.0.0.1:$pg_port, Redis 127.0.0.1:$redis_port, data $data"
    ;;
  stop) stop; echo "test servers stopped" ;;
  *) echo "usage: $0 start|stop STATE_DIR" >&2; exit 2 ;;
esac
