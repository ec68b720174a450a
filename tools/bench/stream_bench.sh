#!/usr/bin/env bash
# Runs mailrun-bench-streams against one mailrun-notify binary on a private PostgreSQL (fsync on)
# and Redis, started here on free ports from a fresh temporary directory and stopped afterwards.
# Run it once per binary (the old stream model, the new one) in the same session for a paired
# comparison.
#   tools/bench/stream_bench.sh NOTIFY_BINARY [mailrun-bench-streams options...]
# e.g. tools/bench/stream_bench.sh build/bin/mailrun-notify --streams 1000,10000
# With --bare instead of a binary it measures gRPC's own cost per idle stream, the floor under
# mailrun-notify's: mailrun-bench-bare-notify (a server that only holds the streams open; with
# --minimal-stack, on gRPC's minimal channel stack) and the driver with --events 0 (no delivery
# measured, so no PostgreSQL or Redis is started).
#   tools/bench/stream_bench.sh --bare [--minimal-stack] [mailrun-bench-streams options...]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
notify=${1:?usage: $0 NOTIFY_BINARY|--bare [--minimal-stack] [mailrun-bench-streams options...]}
shift
bare_flags=()
if [ "$notify" = --bare ] && [ "${1:-}" = --minimal-stack ]; then
  bare_flags+=(--minimal-stack)
  shift
fi
bin=$root/build/bin
servers=$root/deploy/servers.sh
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
# Ports of its own (never the local stack's): MAILRUN_BENCH_PORT, and the three after it.
base=${MAILRUN_BENCH_PORT:-45870}
pg=$base redis=$((base + 1)) grpc=$((base + 2)) metrics=$((base + 3))
for p in $pg $redis $grpc $metrics; do
  port_free "$p" || { echo "port $p is taken: set MAILRUN_BENCH_PORT to another free range" >&2; exit 1; }
done
d=$(mktemp -d /tmp/mailrun-bench-streams.XXXXXX) && chmod 755 "$d"
pid=
cleanup() {
  local status=$?
  [ "$status" = 0 ] || tail -n 20 "$d/server.log" >&2
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  [ -d "$d/postgres" ] && { "$servers" stop-postgres "$d/postgres" || true; }
  [ -d "$d/redis" ] && { "$servers" stop-redis "$d/redis" || true; }
  rm -rf "$d"
}
trap cleanup EXIT
"$bin/mailrun" keys new --id bench --signing-key-file "$d/signing.key" >"$d/public.keys"
export MAILRUN_TOKEN_SIGNING_KEY_FILE=$d/signing.key MAILRUN_TOKEN_PUBLIC_KEYS_FILE=$d/public.keys
# Raised limits: every stream of the old model is a thread, every connection a file.
ulimit -n 65536 2>/dev/null || true
if [ "$notify" = --bare ]; then
  driver=(--events 0)
  "$bin/mailrun-bench-bare-notify" --listen "127.0.0.1:$grpc" "${bare_flags[@]}" >"$d/server.log" 2>&1 &
  pid=$!
else
  "$servers" start-postgres "$d/postgres" "$pg" >/dev/null
  "$servers" start-redis "$d/redis" "$redis" >/dev/null
  db=postgresql://mailrun@127.0.0.1:$pg/mailrun
  driver=(--database-url "$db")
  "$notify" --listen "127.0.0.1:$grpc" --metrics-listen "127.0.0.1:$metrics" --database-url "$db" \
    --redis-url "redis://127.0.0.1:$redis" --log-level info >"$d/server.log" 2>&1 &
  pid=$!
fi
for _ in $(seq 1 100); do port_free "$grpc" || break; sleep 0.1; done
echo "$notify ${bare_flags[*]} (pid $pid) on 127.0.0.1:$grpc; $(uptime)"
"$bin/mailrun-bench-streams" --notify "127.0.0.1:$grpc" --pid "$pid" "${driver[@]}" "$@"
