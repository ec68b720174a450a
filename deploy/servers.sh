#!/usr/bin/env bash
# Starts and stops private PostgreSQL and Redis servers on loopback, each in its own data
# directory. Used by the local stack (deploy/stack.sh) and the test fixtures (tests/servers.sh).
#
#   servers.sh start-postgres DIR PORT   initialise DIR if new, start PostgreSQL on 127.0.0.1:PORT,
#                                        create role and database "mailrun" (trust auth, loopback only)
#   servers.sh stop-postgres DIR [MODE]  stop the PostgreSQL of DIR (if running); MODE is pg_ctl's
#                                        shutdown mode, "fast" by default ("immediate" for throwaway
#                                        test data: no final checkpoint)
# MAILRUN_PG_THROWAWAY=1 starts PostgreSQL without fsync (test servers, whose data is deleted)
#   servers.sh start-redis DIR PORT [PASSWORD_FILE]
#                                        start Redis on 127.0.0.1:PORT with its pid file in DIR; with
#                                        PASSWORD_FILE, clients must AUTH with the password in it (kept
#                                        in DIR/redis.conf, mode 0600, never on a command line)
#   servers.sh stop-redis DIR            stop the Redis of DIR (if running)
#   servers.sh new-password FILE         write a random password to FILE (mode 0600) unless it exists
#
# PostgreSQL refuses to run as root; when run as root the server runs as the "postgres" user
# (created by Debian's postgresql package), and DIR is handed to that user.
set -euo pipefail

pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$dir" ] || { echo "servers.sh: PostgreSQL server binaries not found (install the postgresql package)" >&2; exit 1; }
  echo "$dir"
}

as_pg_user() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start_postgres() {
  local dir=$1 port=$2 bin durability="-c fsync=on"
  if [ "${MAILRUN_PG_THROWAWAY:-0}" = 1 ]; then
    durability="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
  fi
  bin=$(pg_bin)
  mkdir -p "$dir"
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$dir"; chmod 700 "$dir"; fi
  if [ ! -f "$dir/PG_VERSION" ]; then
    as_pg_user "$bin/initdb" -D "$dir" -U mailrun --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir.initdb.log" 2>&1 ||
      { cat "$dir.initdb.log" >&2; exit 1; }
    rm -f "$dir.initdb.log"
  fi
  if as_pg_user "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
    echo "PostgreSQL already running in $dir"
  else
    as_pg_user "$bin/pg_ctl" -D "$dir" -w -t 60 -l "$dir/server.log" \
      -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories='' -c max_connections=200 $durability" \
      start >/dev/null
  fi
  local tries=0
  until "$bin/psql" -h 127.0.0.1 -p "$port" -U mailrun -d postgres -Atqc "SELECT 1" >/dev/null 2>&1; do
    tries=$((tries + 1)); [ $tries -lt 100 ] || { echo "PostgreSQL on port $port did not answer" >&2; exit 1; }
    sleep 0.1
  done
  if [ "$("$bin/psql" -h 127.0.0.1 -p "$port" -U mailrun -d postgres -Atqc "SELECT count(*) FROM pg_database WHERE datname='mailrun'")" = 0 ]; then
    "$bin/psql" -h 127.0.0.1 -p "$port" -U mailrun -d postgres -qc "CREATE DATABASE mailrun" >/dev/null
  fi
}

stop_postgres() {
  local dir=$1 mode=${2:-fast} bin
  bin=$(pg_bin)
  [ -f "$dir/postmaster.pid" ] || return 0
  as_pg_user "$bin/pg_ctl" -D "$dir" -m "$mode" -w -t 60 stop >/dev/null 2>&1 || true
}

new_password() {
  local file=$1
  [ -s "$file" ] && return 0
  (umask 077; od -An -tx1 -N24 /dev/urandom | tr -d ' \n' >"$file")
}

start_redis() {
  local dir=$1 port=$2 password_file=${3:-}
  mkdir -p "$dir"
  if [ -f "$dir/redis.pid" ] && kill -0 "$(cat "$dir/redis.pid")" 2>/dev/null; then
    echo "Redis already running in $dir"
    return 0
  fi
  (umask 077; : >"$dir/redis.conf")
  if [ -n "$password_file" ]; then
    echo "requirepass $(cat "$password_file")" >"$dir/redis.conf"
    export REDISCLI_AUTH
    REDISCLI_AUTH=$(cat "$password_file")
  fi
  redis-server "$dir/redis.conf" --bind 127.0.0.1 --port "$port" --daemonize yes --pidfile "$dir/redis.pid" \
    --dir "$dir" --logfile "$dir/redis.log" --save '' --appendonly no >/dev/null
  local tries=0
  until redis-cli --no-auth-warning -h 127.0.0.1 -p "$port" ping 2>/dev/null | grep -q PONG; do
    tries=$((tries + 1)); [ $tries -lt 100 ] || { echo "Redis on port $port did not answer" >&2; exit 1; }
    sleep 0.1
  done
}

stop_redis() {
  local dir=$1 pid
  [ -f "$dir/redis.pid" ] || return 0
  pid=$(cat "$dir/redis.pid")
  if kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$dir/redis.pid"
}

case "${1:-}" in
  start-postgres) start_postgres "$2" "$3" ;;
  stop-postgres) stop_postgres "$2" "${3:-fast}" ;;
  start-redis) start_redis "$2" "$3" "${4:-}" ;;
  new-password) new_password "$2" ;;
  stop-redis) stop_redis "$2" ;;
  *) echo "usage: $0 start-postgres DIR PORT | stop-postgres DIR | start-redis DIR PORT [PASSWORD_FILE] | stop-redis DIR | new-password FILE" >&2; exit 2 ;;
esac
