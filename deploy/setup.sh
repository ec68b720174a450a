#!/usr/bin/env bash
# Installs every Debian package of deploy/debian-packages.txt that is missing. Idempotent: when
# everything is installed it does nothing; `apt-get update` runs only if an install needs it.
# Needs root (or sudo) the first time.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

mapfile -t wanted < <(grep -vE '^\s*(#|\[|$)' "$root/deploy/debian-packages.txt" | awk '{print $1}')

missing=()
for pkg in "${wanted[@]}"; do
  # Node.js may come from elsewhere (e.g. NodeSource, with npm bundled); any working node is fine.
  if [ "$pkg" = nodejs ] && command -v node >/dev/null && command -v npm >/dev/null; then continue; fi
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done
# Debian's nodejs does not bring npm; add it when node comes from Debian.
if [[ " ${missing[*]} " == *" nodejs "* ]]; then missing+=(npm); fi

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all packages present"
  exit 0
fi

sudo=""
if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
export DEBIAN_FRONTEND=noninteractive
echo "setup: installing ${missing[*]}"
if ! $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"; then
  $sudo apt-get update -q
  $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
# Debian starts these daemons on install where it can; the stack runs its own private servers,
# so stop the system-wide ones we just installed (never ones that were there before).
for svc in redis-server postgresql prometheus; do
  [[ " ${missing[*]} " == *" $svc "* ]] || continue
  if command -v service >/dev/null && service "$svc" status >/dev/null 2>&1; then $sudo service "$svc" stop >/dev/null 2>&1 || true; fi
done
echo "setup: done"
