#!/usr/bin/env bash
# One round of cold game reads: a fresh private PostgreSQL and Redis on loopback, mailrun-notify
# from this build, the mailrun-game under test with --cache-games 0 (so every GetGame replays its
# versions from the newest snapshot), and mailrun-bench-notify --read-delta --read-full (1,000
# measured moves, each followed by the mover's GetGame since the version before it, then its GetGame
# of the whole view). Everything is stopped and deleted afterwards. docs/benchmarks.md, "Cold reads
# after issue 21's passes".
#   tools/bench/cold_read_bench.sh [GAME_BINARY]     (default: build/bin/mailrun-game)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$root/build/bin
game=${1:-$bin/mailrun-game}
d=$(mktemp -d /tmp/mailrun-bench.XXXXXX) && chmod 755 "$d"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  "$root/deploy/servers.sh" stop-postgres "$d/postgres" >/dev/null 2>&1 || true
  "$root/deploy/servers.sh" stop-redis "$d/redis" >/dev/null 2>&1 || true
  rm -rf "$d"
}
trap cleanup EXIT
"$root/deploy/servers.sh" start-postgres "$d/postgres" 45432 >/dev/null
"$root/deploy/servers.sh" start-redis "$d/redis" 46379 >/dev/null
"$bin/mailrun" keys new --id bench --signing-key-file "$d/signing.key" >"$d/public.keys"
export MAILRUN_TOKEN_SIGNING_KEY_FILE=$d/signing.key MAILRUN_TOKEN_PUBLIC_KEYS_FILE=$d/public.keys
db=postgresql://mailrun@127.0.0.1:45432/mailrun
redis=redis://127.0.0.1:46379
"$bin/mailrun-notify" --listen 127.0.0.1:50983 --database-url "$db" --redis-url "$redis" >"$d/notify.log" 2>&1 &
pids+=($!)
sleep 1
"$game" --listen 127.0.0.1:50982 --database-url "$db" --redis-url "$redis" --cache-games 0 >"$d/game.log" 2>&1 &
pids+=($!)
sleep 2
echo "$(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg) game $game"
"$bin/mailrun-bench-notify" --notify 127.0.0.1:50983 --game 127.0.0.1:50982 --moves 1000 --read-delta --read-full
