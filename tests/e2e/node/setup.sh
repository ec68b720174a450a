#!/usr/bin/env bash
# Installs the node client's packages (@grpc/grpc-js and @grpc/proto-loader, pinned by
# package-lock.json) from the npm registry into DIR/node_modules, under the build tree, never the
# source tree. Runs npm ci only when the lock file changed since the last install.
# Usage: tests/e2e/node/setup.sh DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:?usage: setup.sh DIR}
command -v node >/dev/null || { echo "setup: node is missing (deploy/setup.sh installs nodejs)" >&2; exit 1; }
command -v npm >/dev/null || { echo "setup: npm is missing (deploy/setup.sh installs it with nodejs)" >&2; exit 1; }
mkdir -p "$dir"
stamp=$dir/.lock-installed
if [ ! -d "$dir/node_modules" ] || ! cmp -s "$here/package-lock.json" "$stamp"; then
  cp "$here/package.json" "$here/package-lock.json" "$dir/"
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  cp "$here/package-lock.json" "$stamp"
fi
node -e "require('$dir/node_modules/@grpc/grpc-js'); require('$dir/node_modules/@grpc/proto-loader')"
