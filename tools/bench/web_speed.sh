#!/usr/bin/env bash
# The web client's speed budget (issue 48, item 8): a private stack on loopback (deploy/stack.sh with
# a stack directory and ports of its own: PostgreSQL, Redis, the three services, the gateway serving
# build/web), two games made through the API (1853 in the middle of the game, 1947 in its first
# operating round), then tools/bench/web_speed.mjs opens each game's screen in chromium on a phone
# (360x740) under DevTools' CPU throttling 4x and the "Slow 3G" network (400 ms, 400 kbit/s each
# way, cache disabled), RUNS times, each beside a baseline (no throttling) in turn, and prints the
# JavaScript's size gzipped, the bytes carried and the time to a usable board (median and spread).
# Everything it started is stopped and deleted afterwards. docs/benchmarks.md, "The web client's
# first render on a phone".
#   tools/bench/web_speed.sh [--runs N] [--screenshots DIR] [--json FILE]   (default 5 runs)
# Build first: cmake --build build --target web gateway mailrun mailrun-game mailrun-lobby mailrun-notify
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${MAILRUN_BUILD_DIR:-$root/build}
for need in "$build/web/index.html" "$build/gateway/gateway.mjs" "$build/bin/mailrun-game"; do
  [ -e "$need" ] || { echo "missing $need: build first (see the top of $0)" >&2; exit 1; }
done
# puppeteer-core, as the browser tests install it (tests/e2e/web/setup.sh).
clientdir=$build/e2e-web
[ -d "$clientdir/node_modules/puppeteer-core" ] || "$root/tests/e2e/web/setup.sh" "$clientdir" >&2

stack=$(mktemp -d /tmp/mailrun-web-speed.XXXXXX) && chmod 755 "$stack"
export MAILRUN_STACK_DIR=$stack MAILRUN_BIN_DIR=$build/bin MAILRUN_GATEWAY_DIR=$build/gateway MAILRUN_GATEWAY_WEB_DIR=$build/web
export MAILRUN_PG_PORT=47432 MAILRUN_REDIS_PORT=47379 MAILRUN_GAME_PORT=47151 MAILRUN_LOBBY_PORT=47152 MAILRUN_NOTIFY_PORT=47153
export MAILRUN_GAME_METRICS_PORT=47161 MAILRUN_LOBBY_METRICS_PORT=47162 MAILRUN_NOTIFY_METRICS_PORT=47163
export MAILRUN_GATEWAY_PORT=47080 MAILRUN_SMTP_CATCHER_PORT=47025
cleanup() { "$root/deploy/stack.sh" reset >/dev/null 2>&1 || true; rm -rf "$stack"; }
trap cleanup EXIT
"$root/deploy/stack.sh" start >&2
echo "$(date -u +%FT%TZ) load average at start: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)" >&2
MAILRUN_WEB_URL=http://127.0.0.1:$MAILRUN_GATEWAY_PORT MAILRUN_WEB_CLIENT_DIR=$clientdir MAILRUN_WEB_DIR=$build/web \
  node "$root/tools/bench/web_speed.mjs" "$@"
echo "$(date -u +%FT%TZ) load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
