#!/usr/bin/env bash
# Installs the stand-ins' npm packages (http_ece, jose; pinned by package-lock.json) into
# DIR/node_modules (tools/npm_ci.sh) and copies the stand-ins beside them, so that node resolves
# their imports there; checks that they load.
# Usage: tools/standins/setup.sh DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:?usage: setup.sh DIR}
"$here/../npm_ci.sh" "$here" "$dir"
cp "$here"/*.mjs "$dir/"
(cd "$dir" && node -e "import('http_ece').then(() => import('jose'))")
