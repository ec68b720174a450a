#!/usr/bin/env bash
# `mailrun selfplay --json` prints one JSON object with games, completed, invariant_violations,
# actions, seconds and the title (and 1853's edition); a small run completes every game without a
# violation. A 1947 run cut short names its title, no edition, and counts the game not completed.
set -euo pipefail
mailrun=$1
out=$("$mailrun" selfplay --games 2 --players 4 --seed 1 --json)
echo "$out"
# Stopped after 30 actions, the 1947 game is not completed, so the command exits 1: keep its output.
out1947=$("$mailrun" selfplay --title 1947 --games 1 --players 3 --seed 1 --max-actions 30 --json || true)
echo "$out1947"
node -e '
const r = JSON.parse(process.argv[1]);
for (const key of ["games", "completed", "invariant_violations", "actions", "seconds", "title", "edition"]) {
  if (!(key in r)) { console.error("missing " + key); process.exit(1); }
}
if (r.games !== 2 || r.completed !== 2 || r.invariant_violations !== 0 || r.actions < 100) {
  console.error("unexpected result"); process.exit(1);
}
if (r.title !== "1853" || r.edition !== "retuned") { console.error("wrong title or edition"); process.exit(1); }
const t = JSON.parse(process.argv[2]);
if (t.title !== "1947" || "edition" in t) { console.error("1947: wrong title or an edition"); process.exit(1); }
if (t.games !== 1 || t.completed !== 0 || t.actions !== 30) { console.error("1947: unexpected result"); process.exit(1); }
' "$out" "$out1947"
