#!/usr/bin/env bash
# gRPC's own cost of idle Subscribe streams, the floor under mailrun-notify's: runs
# mailrun-bench-streams with --events 0 (no delivery measured, no database) against
# mailrun-bench-bare-notify, a server that only holds the streams open, started here on a free
# loopback port from a fresh temporary directory and stopped afterwards. What mailrun-notify costs
# per stream above this (tools/bench/stream_bench.sh) is the service's own.
#   tools/bench/stream_floor.sh [--minimal-stack] [mailrun-bench-streams options...]
# e.g. tools/bench/stream_floor.sh --streams 1000,10000 --window 5
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$root/build/bin
server_flags=()
if [ "${1:-}" = --minimal-stack ]; then
  server_flags+=(--minimal-stack)
  shift
fi
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
port=${MAILRUN_BENCH_PORT:-45870}
port_free "$port" || { echo "port $port is taken: set MAILRUN_BENCH_PORT to another free port" >&2; exit 1; }
d=$(mktemp -d /tmp/mailrun-stream-floor.XXXXXX)
pid=
cleanup() {
  local status=$?
  [ "$status" = 0 ] || tail -n 20 "$d/server.log" >&2
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  rm -rf "$d"
}
trap cleanup EXIT
# The driver mints a token per stream; this server reads none of them.
"$bin/mailrun" keys new --id bench --signing-key-file "$d/signing.key" >"$d/public.keys"
export MAILRUN_TOKEN_SIGNING_KEY_FILE=$d/signing.key
ulimit -n 65536 2>/dev/null || true
"$bin/mailrun-bench-bare-notify" --listen "127.0.0.1:$port" "${server_flags[@]}" >"$d/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 100); do port_free "$port" || break; sleep 0.1; done
echo "mailrun-bench-bare-notify ${server_flags[*]} (pid $pid) on 127.0.0.1:$port; $(uptime)"
"$bin/mailrun-bench-streams" --notify "127.0.0.1:$port" --pid "$pid" --events 0 "$@"
