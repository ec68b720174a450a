#!/usr/bin/env bash
# Installs the npm packages pinned by SRC/package-lock.json (with SRC/package.json and SRC/.npmrc
# when there is one) into DIR/node_modules, under the build tree, never the source tree. Runs
# `npm ci` only when the lock file changed since the last install, so repeated test runs are quick;
# concurrent calls for the same DIR (tests of one suite run in parallel) install once, in turn.
# Used by the build (gateway/) and by the test folders that need tools from the npm registry
# (chart/, e2e/node/, e2e/gateway/, proto/).
# Usage: tests/npm_ci.sh SRC DIR
set -euo pipefail
src=${1:?usage: npm_ci.sh SRC DIR}
dir=${2:?usage: npm_ci.sh SRC DIR}
command -v node >/dev/null || { echo "npm_ci: node is missing (deploy/setup.sh installs nodejs)" >&2; exit 1; }
command -v npm >/dev/null || { echo "npm_ci: npm is missing (deploy/setup.sh installs it with nodejs)" >&2; exit 1; }
mkdir -p "$dir"
exec 9>"$dir/.installing"
flock 9
stamp=$dir/.lock-installed
if [ ! -d "$dir/node_modules" ] || ! cmp -s "$src/package-lock.json" "$stamp"; then
  cp "$src/package.json" "$src/package-lock.json" "$dir/"
  if [ -f "$src/.npmrc" ]; then cp "$src/.npmrc" "$dir/"; fi
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  cp "$src/package-lock.json" "$stamp"
fi
