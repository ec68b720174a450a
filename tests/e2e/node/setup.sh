#!/usr/bin/env bash
# Installs the node client's packages (@grpc/grpc-js and @grpc/proto-loader, pinned by
# package-lock.json) from the npm registry into DIR/node_modules (tools/npm_ci.sh), and checks
# that they load.
# Usage: tests/e2e/node/setup.sh DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:?usage: setup.sh DIR}
"$here/../../../tools/npm_ci.sh" "$here" "$dir"
node -e "require('$dir/node_modules/@grpc/grpc-js'); require('$dir/node_modules/@grpc/proto-loader')"
