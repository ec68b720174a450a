#!/usr/bin/env bash
# The API's proto checks with the buf CLI (pinned by package-lock.json, installed from the npm
# registry into the build tree, never the source tree). CTest runs one subcommand per test:
#   buf.sh setup TOOLS      install buf into TOOLS/node_modules (tools/npm_ci.sh)
#   buf.sh lint TOOLS       buf lint proto/ (rules in proto/buf.yaml)
#   buf.sh breaking TOOLS   buf breaking proto/ against the released API (proto/released/)
#   buf.sh detects TOOLS    the breaking check fails on a copy of proto/ with a field renumbered,
#                           so a pass of `breaking` means something
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
proto=$(cd "$here/../../proto" && pwd)
released=$proto/released/mailrun-v1.binpb
command=${1:?usage: buf.sh setup|lint|breaking|detects TOOLS}
tools=${2:?usage: buf.sh $command TOOLS}
buf=$tools/node_modules/.bin/buf
export BUF_CACHE_DIR=$tools/cache  # buf's cache stays in the build tree

case $command in
  setup)
    "$here/../../tools/npm_ci.sh" "$here" "$tools"
    "$buf" --version
    ;;
  lint)
    cd "$proto" && "$buf" lint
    ;;
  breaking)
    cd "$proto" && "$buf" breaking --against "$released"
    ;;
  detects)
    copy=$(mktemp -d)
    trap 'rm -rf "$copy"' EXIT
    cp -r "$proto/." "$copy/"
    # GameConfig.title (field 5) moved to number 50: an installed app would send it where the
    # server no longer reads it.
    sed -i -E 's/^(  Title title = )5;/\150;/' "$copy/mailrun/v1/game_config.proto"
    grep -q 'Title title = 50;' "$copy/mailrun/v1/game_config.proto" || { echo "detects: the edit did not apply" >&2; exit 1; }
    if output=$(cd "$copy" && "$buf" breaking --against "$released" 2>&1); then
      echo "detects: buf breaking accepted a renumbered field" >&2; exit 1
    fi
    echo "$output"
    grep -q 'title' <<<"$output" || { echo "detects: the failure does not name the field" >&2; exit 1; }
    ;;
  *) echo "buf.sh: unknown command '$command' (setup, lint, breaking, detects)" >&2; exit 2 ;;
esac
