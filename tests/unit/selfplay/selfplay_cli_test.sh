#!/usr/bin/env bash
# `mailrun selfplay --json` prints one JSON object with games, completed, invariant_violations,
# actions and seconds; a small run completes every game without a violation.
set -euo pipefail
mailrun=$1
out=$("$mailrun" selfplay --games 2 --players 4 --seed 1 --json)
echo "$out"
node -e '
const r = JSON.parse(process.argv[1]);
for (const key of ["games", "completed", "invariant_violations", "actions", "seconds"]) {
  if (!(key in r)) { console.error("missing " + key); process.exit(1); }
}
if (r.games !== 2 || r.completed !== 2 || r.invariant_violations !== 0 || r.actions < 100) {
  console.error("unexpected result"); process.exit(1);
}' "$out"
