#!/usr/bin/env bash
# Starts and stops private PostgreSQL and Redis servers on loopback, each in its own data
# directory. Used by the local stack (deploy/stack.sh) and the test fixtures (tests/servers.sh).
#
#   servers.sh start-postgres DIR PORT   initialise DIR if new, start PostgreSQL on 127.0.0.1:PORT,
#                                        create role and database "mailrun" (trust auth, loopback only)
#   servers.sh stop-postgres DIR [MODE]  stop the PostgreSQL of DIR (if running); MODE is pg_ctl's
#                                        shutdown mode, "fast" by default ("immediate" for throwaway
#                                        test data: no final checkpoint)
#   servers.sh start-postgres-standby DIR PORT PRIMARY_PORT
#                                        a streaming standby of the PostgreSQL on 127.0.0.1:PRIMARY_PORT
#                                        (pg_basebackup into DIR if new), on 127.0.0.1:PORT
#   servers.sh promote-postgres DIR      promote the standby of DIR to a primary; returns once it takes writes
#   servers.sh start-pgbouncer DIR PORT PG_HOST:PG_PORT [POOL_SIZE]
#                                        PgBouncer on 127.0.0.1:PORT in transaction pooling in front of
#                                        database "mailrun" there (trust auth, POOL_SIZE server
#                                        connections, 20 by default); config, log and pid in DIR
#   servers.sh stop-pgbouncer DIR        stop the PgBouncer of DIR (if running)
#   servers.sh start-sentinel DIR PORT MASTER_PORT [PASSWORD_FILE]
#                                        a Redis Sentinel on 127.0.0.1:PORT watching the primary on
#                                        127.0.0.1:MASTER_PORT as "mailrun" (quorum MAILRUN_SENTINEL_QUORUM,
#                                        2 by default; down after MAILRUN_SENTINEL_DOWN_AFTER_MS, 5000);
#                                        with PASSWORD_FILE, it AUTHs with that password and asks for it
#   servers.sh stop-sentinel DIR         stop the Sentinel of DIR (if running)
# MAILRUN_PG_THROWAWAY=1 starts PostgreSQL without fsync (test servers, whose data is deleted)
# MAILRUN_PG_SYNC_STANDBY=1 starts a primary for a synchronous standby: synchronous_commit on, even
#   with MAILRUN_PG_THROWAWAY; start-postgres-standby then sets synchronous_standby_names '*', so
#   that no commit returns before the standby has flushed it
# MAILRUN_PG_LISTEN (default 127.0.0.1) the addresses PostgreSQL listens on, comma-separated;
#   MAILRUN_PG_TRUST_NET a network (CIDR) trusted besides loopback, for a test's own namespace
# MAILRUN_REDIS_REPLICA_OF=PORT starts Redis as a replica of the Redis on 127.0.0.1:PORT
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
  local dir=$1 port=$2 bin durability="-c fsync=on" listen=${MAILRUN_PG_LISTEN:-127.0.0.1}
  if [ "${MAILRUN_PG_THROWAWAY:-0}" = 1 ]; then
    durability="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
  fi
  if [ "${MAILRUN_PG_SYNC_STANDBY:-0}" = 1 ]; then
    # Commits wait for the standby once start-postgres-standby has named it (ALTER SYSTEM):
    # before, there is none to wait for, and the database could not even be created.
    durability="$durability -c synchronous_commit=on"
  fi
  bin=$(pg_bin)
  mkdir -p "$dir"
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$dir"; chmod 700 "$dir"; fi
  if [ ! -f "$dir/PG_VERSION" ]; then
    as_pg_user "$bin/initdb" -D "$dir" -U mailrun --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir.initdb.log" 2>&1 ||
      { cat "$dir.initdb.log" >&2; exit 1; }
    rm -f "$dir.initdb.log"
    if [ -n "${MAILRUN_PG_TRUST_NET:-}" ]; then
      echo "host all all ${MAILRUN_PG_TRUST_NET} trust" >>"$dir/pg_hba.conf"
    fi
  fi
  if as_pg_user "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
    echo "PostgreSQL already running in $dir"
  else
    as_pg_user "$bin/pg_ctl" -D "$dir" -w -t 60 -l "$dir/server.log" \
      -o "-c listen_addresses='$listen' -c port=$port -c unix_socket_directories='' -c max_connections=200 $durability" \
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

start_postgres_standby() {
  local dir=$1 port=$2 primary_port=$3 bin
  bin=$(pg_bin)
  if [ ! -f "$dir/PG_VERSION" ]; then
    mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$dir"; chmod 700 "$dir"; fi
    # -R writes primary_conninfo and standby.signal: the copy starts as a streaming standby.
    as_pg_user "$bin/pg_basebackup" -h 127.0.0.1 -p "$primary_port" -U mailrun -D "$dir" -X stream -R --checkpoint=fast \
      >"$dir.basebackup.log" 2>&1 || { cat "$dir.basebackup.log" >&2; exit 1; }
    rm -f "$dir.basebackup.log"
  fi
  MAILRUN_PG_SYNC_STANDBY=0 start_postgres "$dir" "$port"
  # From now on the primary's commits return only once this standby has flushed them.
  "$bin/psql" -h 127.0.0.1 -p "$primary_port" -U mailrun -d postgres -Atqc \
    "ALTER SYSTEM SET synchronous_standby_names = '*'" -c "SELECT pg_reload_conf()" >/dev/null
  local tries=0
  until [ "$("$bin/psql" -h 127.0.0.1 -p "$primary_port" -U mailrun -d postgres -Atqc \
      "SELECT count(*) FROM pg_stat_replication WHERE sync_state = 'sync'")" = 1 ]; do
    tries=$((tries + 1)); [ $tries -lt 300 ] || { echo "the standby on port $port did not become synchronous" >&2; exit 1; }
    sleep 0.1
  done
}

promote_postgres() {
  local dir=$1 bin
  bin=$(pg_bin)
  as_pg_user "$bin/pg_ctl" -D "$dir" -w -t 60 promote >/dev/null
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
    # masterauth too: a primary that Sentinel turns into a replica must reach the new primary.
    printf 'requirepass %s\nmasterauth %s\n' "$(cat "$password_file")" "$(cat "$password_file")" >"$dir/redis.conf"
    export REDISCLI_AUTH
    REDISCLI_AUTH=$(cat "$password_file")
  fi
  if [ -n "${MAILRUN_REDIS_REPLICA_OF:-}" ]; then
    echo "replicaof 127.0.0.1 $MAILRUN_REDIS_REPLICA_OF" >>"$dir/redis.conf"
  fi
  redis-server "$dir/redis.conf" --bind 127.0.0.1 --port "$port" --daemonize yes --pidfile "$dir/redis.pid" \
    --dir "$dir" --logfile "$dir/redis.log" --save '' --appendonly no >/dev/null
  wait_until "Redis on port $port" redis_answers "$port"
}

# Stops the process of PIDFILE (SIGTERM, SIGKILL after 10 s) if it runs, and removes the file.
stop_pidfile_process() {
  local pidfile=$1 pid
  [ -f "$pidfile" ] || return 0
  pid=$(cat "$pidfile")
  if kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$pidfile"
}

stop_redis() { stop_pidfile_process "$1/redis.pid"; }

# Waits up to 10 s until COMMAND... succeeds; else names WHAT and exits.
wait_until() {
  local what=$1 tries=0
  shift
  until "$@" 2>/dev/null; do
    tries=$((tries + 1)); [ $tries -lt 100 ] || { echo "$what did not answer" >&2; exit 1; }
    sleep 0.1
  done
}

redis_answers() { redis-cli --no-auth-warning -h 127.0.0.1 -p "$1" ping 2>/dev/null | grep -q PONG; }
port_answers() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

start_pgbouncer() {
  local dir=$1 port=$2 target=$3 pool=${4:-20}
  mkdir -p "$dir"
  if [ -f "$dir/pgbouncer.pid" ] && kill -0 "$(cat "$dir/pgbouncer.pid")" 2>/dev/null; then
    echo "PgBouncer already running in $dir"
    return 0
  fi
  command -v pgbouncer >/dev/null || { echo "servers.sh: pgbouncer not found (install the pgbouncer package)" >&2; exit 1; }
  echo '"mailrun" ""' >"$dir/userlist.txt"
  cat >"$dir/pgbouncer.ini" <<INI
[databases]
mailrun = host=${target%:*} port=${target##*:} dbname=mailrun user=mailrun

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
auth_file = $dir/userlist.txt
pool_mode = transaction
default_pool_size = $pool
max_client_conn = 1000
server_login_retry = 1
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
INI
  # PgBouncer refuses to run as root: as the postgres user, as PostgreSQL itself runs.
  if [ "$(id -u)" = 0 ]; then chown -R postgres:postgres "$dir"; fi
  as_pg_user pgbouncer -d "$dir/pgbouncer.ini" >/dev/null
  wait_until "PgBouncer on port $port" port_answers "$port"
}

start_sentinel() {
  local dir=$1 port=$2 master_port=$3 password_file=${4:-}
  mkdir -p "$dir"
  if [ -f "$dir/sentinel.pid" ] && kill -0 "$(cat "$dir/sentinel.pid")" 2>/dev/null; then
    echo "Sentinel already running in $dir"
    return 0
  fi
  (umask 077; cat >"$dir/sentinel.conf" <<CONF
bind 127.0.0.1
port $port
daemonize yes
pidfile $dir/sentinel.pid
logfile $dir/sentinel.log
dir $dir
sentinel monitor mailrun 127.0.0.1 $master_port ${MAILRUN_SENTINEL_QUORUM:-2}
sentinel down-after-milliseconds mailrun ${MAILRUN_SENTINEL_DOWN_AFTER_MS:-5000}
sentinel failover-timeout mailrun 10000
CONF
  )
  if [ -n "$password_file" ]; then
    printf 'sentinel auth-pass mailrun %s\nrequirepass %s\nsentinel sentinel-pass %s\n' "$(cat "$password_file")" \
      "$(cat "$password_file")" "$(cat "$password_file")" >>"$dir/sentinel.conf"
    export REDISCLI_AUTH
    REDISCLI_AUTH=$(cat "$password_file")
  fi
  command -v redis-sentinel >/dev/null || { echo "servers.sh: redis-sentinel not found (install the redis-sentinel package)" >&2; exit 1; }
  redis-sentinel "$dir/sentinel.conf" >/dev/null
  wait_until "Sentinel on port $port" redis_answers "$port"
}

case "${1:-}" in
  start-postgres) start_postgres "$2" "$3" ;;
  stop-postgres) stop_postgres "$2" "${3:-fast}" ;;
  start-postgres-standby) start_postgres_standby "$2" "$3" "$4" ;;
  promote-postgres) promote_postgres "$2" ;;
  start-pgbouncer) start_pgbouncer "$2" "$3" "$4" "${5:-20}" ;;
  stop-pgbouncer) stop_pidfile_process "$2/pgbouncer.pid" ;;
  start-sentinel) start_sentinel "$2" "$3" "$4" "${5:-}" ;;
  stop-sentinel) stop_pidfile_process "$2/sentinel.pid" ;;
  start-redis) start_redis "$2" "$3" "${4:-}" ;;
  new-password) new_password "$2" ;;
  stop-redis) stop_redis "$2" ;;
  *) echo "usage: $0 start-postgres DIR PORT | stop-postgres DIR | start-postgres-standby DIR PORT PRIMARY_PORT | promote-postgres DIR | start-redis DIR PORT [PASSWORD_FILE] | stop-redis DIR | start-pgbouncer DIR PORT HOST:PORT [POOL] | stop-pgbouncer DIR | start-sentinel DIR PORT MASTER_PORT [PASSWORD_FILE] | stop-sentinel DIR | new-password FILE" >&2; exit 2 ;;
esac
