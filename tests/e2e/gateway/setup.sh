#!/usr/bin/env bash
# Installs the gateway test client's packages (Connect's web and node transports, pinned by
# package-lock.json) from the npm registry into DIR/node_modules (tools/npm_ci.sh).
# Usage: tests/e2e/gateway/setup.sh DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:?usage: setup.sh DIR}
"$here/../../../tools/npm_ci.sh" "$here" "$dir"
node -e "require('$dir/node_modules/@connectrpc/connect-web'); require('$dir/node_modules/@connectrpc/connect-node')"
