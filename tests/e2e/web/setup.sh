#!/usr/bin/env bash
# Installs the browser test's packages (puppeteer-core, pinned by
# package-lock.json) from the npm registry into DIR/node_modules (tools/npm_ci.sh).
# Usage: tests/e2e/web/setup.sh DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:?usage: setup.sh DIR}
mkdir -p "$dir" && dir=$(cd "$dir" && pwd)
"$here/../../../tools/npm_ci.sh" "$here" "$dir"
node -e "require('$dir/node_modules/puppeteer-core')"
command -v "${MAILRUN_CHROMIUM:-chromium}" >/dev/null || { echo "setup: chromium is missing (deploy/setup.sh installs it)" >&2; exit 1; }
