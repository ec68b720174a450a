#!/usr/bin/env bash
# The game screen's node tests (web/src/game/test/*.test.ts), for CTest:
#   web_game.sh setup BUILD_DIR       uses web/'s npm packages in BUILD_DIR/web-npm (the web build
#                                     target's install; npm ci only when missing or the lock changed),
#                                     then generates the API code, type-checks web/src/game and bundles its tests
#   web_game.sh run BUILD_DIR NAME    runs BUILD_DIR/web-game/tests/NAME.test.mjs with node --test
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
command=${1:?usage: web_game.sh setup|run BUILD_DIR [NAME]}
build=${2:?usage: web_game.sh setup|run BUILD_DIR [NAME]}
case "$command" in
  setup)
    "$root/tools/npm_ci.sh" "$root/web" "$build/web-npm"
    MAILRUN_WEB_NODE_MODULES="$build/web-npm/node_modules" node "$root/web/src/game/dev/build.mjs" "$build"
    ;;
  run)
    name=${3:?usage: web_game.sh run BUILD_DIR NAME}
    node --test "$build/web-game/tests/$name.test.mjs"
    ;;
  *) echo "usage: web_game.sh setup|run BUILD_DIR [NAME]" >&2; exit 2 ;;
esac
