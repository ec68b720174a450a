#!/usr/bin/env bash
# The local stack on loopback: PostgreSQL, Redis, the three services and the browser gateway, with
# all their data, logs and pid files under .local/stack/ in the project (git-ignored).
#
#   deploy/stack.sh start    start whatever is not running yet (safe to repeat)
#   deploy/stack.sh stop     stop everything this stack started, and nothing else
#   deploy/stack.sh status   say what runs, on which port
#   deploy/stack.sh reset    stop, then delete all stack data (database contents included)
#
# Ports (override with the environment variables named):
#   PostgreSQL 55432 (MAILRUN_PG_PORT)     Redis 56379 (MAILRUN_REDIS_PORT)
#   mailrun-game 50151 (MAILRUN_GAME_PORT)  mailrun-lobby 50152 (MAILRUN_LOBBY_PORT)
#   mailrun-notify 50153 (MAILRUN_NOTIFY_PORT)
#   the browser gateway 8080 (MAILRUN_GATEWAY_PORT): gRPC-Web and Connect (JSON) for browsers, native
#     gRPC too; node build/gateway/gateway.mjs (gateway/), forwarding to the three services; it also
#     serves the web client (build/web, from web/) on the same address: open it in a browser
# Prometheus metrics (GET /metrics), one port each:
#   mailrun-game 50161 (MAILRUN_GAME_METRICS_PORT)  mailrun-lobby 50162 (MAILRUN_LOBBY_METRICS_PORT)
#   mailrun-notify 50163 (MAILRUN_NOTIFY_METRICS_PORT)
# MAILRUN_PGBOUNCER=1 (`MAILRUN_PGBOUNCER=1 make run`): PgBouncer in transaction pooling between the
#   services and PostgreSQL, on 55433 (MAILRUN_PGBOUNCER_PORT); the services' pools go through it,
#   and what needs a session of its own (LISTEN, the relays' and migrations' advisory locks)
#   goes to PostgreSQL directly (MAILRUN_DATABASE_DIRECT_URL; docs/operations.md, "PgBouncer").
#   Services already running keep the database they had: `make stop` first to switch.
# mailrun-game: its own settings (MAILRUN_SNAPSHOT_EVERY, MAILRUN_CACHE_GAMES, MAILRUN_TRUSTED_SERVICES,
# ...; see `build/bin/mailrun-game --help`) pass through from the environment of `deploy/stack.sh start`.
# Pushes: mailrun-notify POSTs each push to MAILRUN_PUSH_ENDPOINT (a Gorush push gateway's
# http(s)://.../api/push; MAILRUN_PUSH_APNS_TOPIC the iOS bundle id) when it is set in the
# environment of `deploy/stack.sh start`; unset: no pushes.
# Email and Web Push (issue 42): a local SMTP catcher, Debian's aiosmtpd, on 58025
# (MAILRUN_SMTP_CATCHER_PORT) writes every mail the stack sends into the Maildir .local/stack/mail/
# (read them there: ls .local/stack/mail/new/), and a VAPID key made for the stack
# (.local/stack/vapid.pem) turns Web Push on for the web client; webhooks may go to loopback.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
stack=${MAILRUN_STACK_DIR:-$root/.local/stack}
bin=${MAILRUN_BIN_DIR:-$root/build/bin}
pg_port=${MAILRUN_PG_PORT:-55432}
redis_port=${MAILRUN_REDIS_PORT:-56379}
game_port=${MAILRUN_GAME_PORT:-50151}
lobby_port=${MAILRUN_LOBBY_PORT:-50152}
notify_port=${MAILRUN_NOTIFY_PORT:-50153}
game_metrics_port=${MAILRUN_GAME_METRICS_PORT:-50161}
lobby_metrics_port=${MAILRUN_LOBBY_METRICS_PORT:-50162}
notify_metrics_port=${MAILRUN_NOTIFY_METRICS_PORT:-50163}
gateway_port=${MAILRUN_GATEWAY_PORT:-8080}
smtp_port=${MAILRUN_SMTP_CATCHER_PORT:-58025}
pgbouncer=${MAILRUN_PGBOUNCER:-0}
pgbouncer_port=${MAILRUN_PGBOUNCER_PORT:-55433}
gateway_dir=${MAILRUN_GATEWAY_DIR:-$(dirname "$bin")/gateway}
web_dir=${MAILRUN_GATEWAY_WEB_DIR:-$(dirname "$bin")/web}
servers=$root/deploy/servers.sh

services=(game lobby notify)
declare -A port_of=([game]=$game_port [lobby]=$lobby_port [notify]=$notify_port)
declare -A metrics_port_of=([game]=$game_metrics_port [lobby]=$lobby_metrics_port [notify]=$notify_metrics_port)

pg_dir() {
  # PostgreSQL runs as the postgres user when we are root; if that user cannot reach a directory
  # under the project (for example a clone inside /root), keep the data in /var/lib/mailrun-stack
  # and leave a symlink in .local/stack.
  local dir=$stack/postgres
  if [ "$(id -u)" = 0 ] && [ ! -L "$dir" ] && ! runuser -u postgres -- test -x "$stack" 2>/dev/null; then
    local alt
    alt=/var/lib/mailrun-stack/$(echo -n "$root" | md5sum | cut -c1-12)
    mkdir -p "$alt"
    ln -sfn "$alt" "$dir"
    echo "note: PostgreSQL data lives in $alt (the postgres user cannot reach $stack)" >&2
  fi
  if [ -L "$dir" ]; then readlink -f "$dir"; else echo "$dir"; fi
}

# The token keys, made once: the lobby's signing key (a secret, mode 0600) and the public key
# every service verifies tokens with (services/common/signing_keys.h).
token_keys() {
  local signing=$stack/token-signing.key public=$stack/token-public.keys
  if [ ! -s "$signing" ]; then
    rm -f "$signing"
    "$bin/mailrun" keys new --id "local-$(date +%Y%m%d)" --signing-key-file "$signing" >"$public"
  elif [ ! -s "$public" ]; then
    "$bin/mailrun" keys public "$signing" >"$public"
  fi
}

redis_password_file() { echo "$stack/redis.password"; }

running() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

# The services' pooled URL (PgBouncer when MAILRUN_PGBOUNCER=1) and, behind PgBouncer, the direct one.
database_url() {
  if [ "$pgbouncer" = 1 ]; then echo "postgresql://mailrun@127.0.0.1:$pgbouncer_port/mailrun";
  else echo "postgresql://mailrun@127.0.0.1:$pg_port/mailrun"; fi
}
# PgBouncer runs as the postgres user too: its directory sits beside PostgreSQL's data (pg_dir).
pgbouncer_dir() { echo "$(pg_dir).pgbouncer"; }
direct_database_url() { [ "$pgbouncer" = 1 ] && echo "postgresql://mailrun@127.0.0.1:$pg_port/mailrun" || true; }

start_service() {
  local name=$1 port=${port_of[$1]} pidfile=$stack/run/$1.pid
  if running "$pidfile"; then echo "mailrun-$name already running (pid $(cat "$pidfile"))"; return 0; fi
  [ -x "$bin/mailrun-$name" ] || { echo "missing $bin/mailrun-$name: build first (make build)" >&2; exit 1; }
  MAILRUN_LISTEN=127.0.0.1:$port \
  MAILRUN_METRICS_LISTEN=127.0.0.1:${metrics_port_of[$name]} \
  MAILRUN_DATABASE_URL="$(database_url)" \
  MAILRUN_DATABASE_DIRECT_URL="$(direct_database_url)" \
  MAILRUN_REDIS_URL="redis://127.0.0.1:$redis_port" \
  MAILRUN_REDIS_PASSWORD_FILE="$(redis_password_file)" \
  MAILRUN_TOKEN_PUBLIC_KEYS_FILE="$stack/token-public.keys" \
  MAILRUN_TOKEN_SIGNING_KEY_FILE="$([ "$name" = lobby ] && echo "$stack/token-signing.key")" \
  MAILRUN_GAME_ADDR=127.0.0.1:$game_port \
  MAILRUN_LOBBY_ADDR=127.0.0.1:$lobby_port \
  MAILRUN_NOTIFY_ADDR=127.0.0.1:$notify_port \
  MAILRUN_PUSH_ENDPOINT="${MAILRUN_PUSH_ENDPOINT:-}" \
  MAILRUN_PUSH_APNS_TOPIC="${MAILRUN_PUSH_APNS_TOPIC:-}" \
  MAILRUN_SMTP_URL="smtp://127.0.0.1:$smtp_port" \
  MAILRUN_SMTP_FROM="Mailrun <mailrun@localhost.localdomain>" \
  MAILRUN_PUBLIC_URL="http://127.0.0.1:$gateway_port" \
  MAILRUN_WEB_PUSH_VAPID_KEY_FILES="$stack/vapid.pem" \
  MAILRUN_EGRESS_ALLOW_LOOPBACK=true \
    nohup "$bin/mailrun-$name" >>"$stack/logs/$name.log" 2>&1 </dev/null &
  echo $! >"$pidfile"
}

wait_healthy() {
  local name=$1 port=${port_of[$1]}
  if ! "$bin/mailrun" health --wait 30 "127.0.0.1:$port" >/dev/null; then
    echo "mailrun-$name did not become healthy; last log lines:" >&2
    tail -n 20 "$stack/logs/$name.log" >&2
    exit 1
  fi
  echo "mailrun-$name SERVING on 127.0.0.1:$port (metrics: http://127.0.0.1:${metrics_port_of[$name]}/metrics)"
}

start_smtp_catcher() {
  local pidfile=$stack/run/smtp.pid
  if running "$pidfile"; then echo "SMTP catcher already running (pid $(cat "$pidfile"))"; return 0; fi
  /usr/bin/python3 -c "import aiosmtpd" 2>/dev/null || { echo "python3-aiosmtpd is missing (deploy/setup.sh installs it)" >&2; exit 1; }
  nohup /usr/bin/python3 -m aiosmtpd -n -l "127.0.0.1:$smtp_port" -c aiosmtpd.handlers.Mailbox "$stack/mail" \
    >>"$stack/logs/smtp.log" 2>&1 </dev/null &
  echo $! >"$pidfile"
  echo "SMTP catcher on 127.0.0.1:$smtp_port: mails land in $stack/mail/new/"
}

vapid_key() {
  [ -f "$stack/vapid.pem" ] || (umask 077 && openssl ecparam -name prime256v1 -genkey -noout -out "$stack/vapid.pem")
}

start_gateway() {
  local pidfile=$stack/run/gateway.pid
  if running "$pidfile"; then echo "gateway already running (pid $(cat "$pidfile"))"; return 0; fi
  [ -f "$gateway_dir/gateway.mjs" ] || { echo "missing $gateway_dir/gateway.mjs: build first (make build)" >&2; exit 1; }
  MAILRUN_GATEWAY_LISTEN=127.0.0.1:$gateway_port \
  MAILRUN_GAME_ADDRESS=127.0.0.1:$game_port \
  MAILRUN_LOBBY_ADDRESS=127.0.0.1:$lobby_port \
  MAILRUN_NOTIFY_ADDRESS=127.0.0.1:$notify_port \
  MAILRUN_GATEWAY_WEB_DIR=$([ -f "$web_dir/index.html" ] && echo "$web_dir" || echo none) \
    nohup node "$gateway_dir/gateway.mjs" >>"$stack/logs/gateway.log" 2>&1 </dev/null &
  echo $! >"$pidfile"
  for _ in $(seq 1 100); do
    if node -e "fetch('http://127.0.0.1:$gateway_port/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"; then
      echo "gateway on http://127.0.0.1:$gateway_port (gRPC-Web, Connect JSON, gRPC; e.g. POST /mailrun.v1.LobbyService/Login)"
      if [ -f "$web_dir/index.html" ]; then
        echo "web client on http://127.0.0.1:$gateway_port/ (open it in a browser)"
      else
        echo "no web client built in $web_dir: cmake --build build --target web" >&2
      fi
      return 0
    fi
    running "$pidfile" || break
    sleep 0.1
  done
  echo "the gateway did not start; last log lines:" >&2
  tail -n 20 "$stack/logs/gateway.log" >&2
  exit 1
}

stop_pidfile() {
  local pidfile=$1 pid
  running "$pidfile" || { rm -f "$pidfile"; return 0; }
  pid=$(cat "$pidfile")
  kill -TERM "$pid"
  for _ in $(seq 1 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null || true
  rm -f "$pidfile"
}

cmd_start() {
  mkdir -p "$stack/run" "$stack/logs"
  "$servers" start-postgres "$(pg_dir)" "$pg_port"
  echo "PostgreSQL on 127.0.0.1:$pg_port (database mailrun, user mailrun)"
  if [ "$pgbouncer" = 1 ]; then
    "$servers" start-pgbouncer "$(pgbouncer_dir)" "$pgbouncer_port" "127.0.0.1:$pg_port"
    echo "PgBouncer on 127.0.0.1:$pgbouncer_port (transaction pooling; the services' pools go through it)"
  fi
  "$servers" new-password "$(redis_password_file)"
  "$servers" start-redis "$stack/redis" "$redis_port" "$(redis_password_file)"
  echo "Redis on 127.0.0.1:$redis_port (password in $(redis_password_file))"
  [ -x "$bin/mailrun" ] || { echo "missing $bin/mailrun: build first (make build)" >&2; exit 1; }
  token_keys
  vapid_key
  start_smtp_catcher
  for s in "${services[@]}"; do start_service "$s"; done
  for s in "${services[@]}"; do wait_healthy "$s"; done
  start_gateway
  echo "Logs: $stack/logs/   Stop: make stop   (or deploy/stack.sh stop)"
}

cmd_stop() {
  stop_pidfile "$stack/run/gateway.pid"
  stop_pidfile "$stack/run/smtp.pid"
  for s in "${services[@]}"; do stop_pidfile "$stack/run/$s.pid"; done
  "$servers" stop-pgbouncer "$(pgbouncer_dir)"
  [ -e "$stack/postgres" ] && "$servers" stop-postgres "$(pg_dir)"
  [ -d "$stack/redis" ] && "$servers" stop-redis "$stack/redis"
  echo "stack stopped"
}

cmd_status() {
  for s in "${services[@]}"; do
    if running "$stack/run/$s.pid"; then echo "mailrun-$s running (pid $(cat "$stack/run/$s.pid")) on 127.0.0.1:${port_of[$s]}";
    else echo "mailrun-$s stopped"; fi
  done
  if running "$stack/run/gateway.pid"; then echo "gateway running (pid $(cat "$stack/run/gateway.pid")) on 127.0.0.1:$gateway_port";
  else echo "gateway stopped"; fi
  if [ -f "$stack/postgres/postmaster.pid" ]; then echo "PostgreSQL running on 127.0.0.1:$pg_port"; else echo "PostgreSQL stopped"; fi
  if running "$(pgbouncer_dir)/pgbouncer.pid"; then echo "PgBouncer running on 127.0.0.1:$pgbouncer_port"; fi
  if running "$stack/redis/redis.pid"; then echo "Redis running on 127.0.0.1:$redis_port"; else echo "Redis stopped"; fi
}

cmd_reset() {
  cmd_stop
  rm -rf "$(pgbouncer_dir)"
  if [ -L "$stack/postgres" ]; then rm -rf "$(readlink -f "$stack/postgres")"; fi
  rm -rf "$stack"
  echo "stack data deleted"
}

case "${1:-}" in
  start) cmd_start ;;
  stop) cmd_stop ;;
  status) cmd_status ;;
  reset) cmd_reset ;;
  *) echo "usage: $0 start|stop|status|reset" >&2; exit 2 ;;
esac
