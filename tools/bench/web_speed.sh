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
#   tools/bench/web_speed.sh [--runs N] [--profile] [--screenshots DIR] [--json FILE]   (default 5 runs)
# MAILRUN_BUILD_DIR (default build/) gives build/web and build/gateway; MAILRUN_BIN_DIR the services.
# Build first: cmake --build build --target web gateway mailrun mailrun-game mailrun-lobby mailrun-notify
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${MAILRUN_BUILD_DIR:-$root/build}
bin=${MAILRUN_BIN_DIR:-$build/bin}  # the services and the CLI (another build's, to compare)
for need in "$build/web/index.html" "$build/gateway/gateway.mjs" "$bin/mailrun-game"; do
  [ -e "$need" ] || { echo "missing $need: build first (see the top of $0)" >&2; exit 1; }
done
# puppeteer-core, as the browser tests install it (tests/e2e/web/setup.sh).
clientdir=$build/e2e-web
[ -d "$clientdir/node_modules/puppeteer-core" ] || "$root/tests/e2e/web/setup.sh" "$clientdir" >&2

stack=$(mktemp -d /tmp/mailrun-web-speed.XXXXXX) && chmod 755 "$stack"
export MAILRUN_STACK_DIR=$stack MAILRUN_BIN_DIR=$bin MAILRUN_GATEWAY_DIR=$build/gateway MAILRUN_GATEWAY_WEB_DIR=$build/web
# Free loopback ports, asked of the system, so that the machine's other stacks are left alone.
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }
for port in PG REDIS GAME LOBBY NOTIFY GAME_METRICS LOBBY_METRICS NOTIFY_METRICS GATEWAY SMTP_CATCHER; do
  export "MAILRUN_${port}_PORT=$(free_port)"
done
cleanup() { "$root/deploy/stack.sh" reset >/dev/null 2>&1 || true; rm -rf "$stack"; }
trap cleanup EXIT
"$root/deploy/stack.sh" start >&2
echo "$(date -u +%FT%TZ) load average at start: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)" >&2
MAILRUN_WEB_URL=http://127.0.0.1:$MAILRUN_GATEWAY_PORT MAILRUN_WEB_CLIENT_DIR=$clientdir MAILRUN_WEB_DIR=$build/web \
  node "$root/tools/bench/web_speed.mjs" "$@"
echo "$(date -u +%FT%TZ) load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
