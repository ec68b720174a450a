#!/usr/bin/env bash
# Takes the web client's screenshots in docs/screenshots/ (phone 360x740 and desktop 1280x800):
# runs the browser test (tests/e2e/web, a private stack on free ports, stopped afterwards) with
# MAILRUN_SCREENSHOTS set, so the browsers save a picture of each screen they pass.
# Usage: tools/web_screenshots.sh [BUILD_DIR]   (build first: cmake --build build --target e2e_web_tests)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
[ -x "$build/bin/e2e_web_tests" ] || { echo "missing $build/bin/e2e_web_tests: cmake --build $build --target e2e_web_tests" >&2; exit 1; }
mkdir -p "$root/docs/screenshots"
MAILRUN_SCREENSHOTS="$root/docs/screenshots" "$build/bin/e2e_web_tests" \
  --gtest_filter='Web.ThreePlayersPlayAGameToTheEndInTheBrowser'
ls -l "$root/docs/screenshots"
