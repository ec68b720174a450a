#!/usr/bin/env bash
# The mailrun command as a user runs it, without services:
#   bad-input     argument errors (unknown option, missing value, unknown command, a value that
#                 does not convert) exit 2, as the README and --help say, with the reason on stderr
#   board-stdout  `board render` without -o writes the SVG to standard output, and with --png a PNG
# Usage: cli_exit_test.sh MAILRUN bad-input|board-stdout
set -uo pipefail
mailrun=${1:?usage: cli_exit_test.sh MAILRUN CASE}
fail() { echo "FAIL: $*" >&2; exit 1; }

case ${2:?case} in
  bad-input)
    for args in "games --no-such-option" "board render --title" "no-such-command" \
                "selfplay --games many"; do
      # shellcheck disable=SC2086
      err=$("$mailrun" $args 2>&1 >/dev/null); code=$?
      [ "$code" -eq 2 ] || fail "mailrun $args exited $code, not 2"
      [ -n "$err" ] || fail "mailrun $args said nothing on stderr"
      echo "mailrun $args -> 2: $(head -1 <<<"$err")"
    done
    "$mailrun" --help >/dev/null || fail "mailrun --help exited $?, not 0"
    ;;
  board-stdout)
    svg=$("$mailrun" board render --title 1853 --edition retuned) || fail "board render exited $?"
    grep -q "<svg" <<<"${svg:0:400}" || fail "board render without -o did not print SVG: ${svg:0:200}"
    png=$(mktemp); trap 'rm -f "$png"' EXIT
    "$mailrun" board render --title 1853 --edition retuned --png >"$png" || fail "board render --png exited $?"
    magic=$(head -c 8 "$png" | od -An -tx1 | tr -d ' \n')
    [ "$magic" = "89504e470d0a1a0a" ] || fail "board render --png without -o did not print a PNG (got $magic)"
    echo "SVG and PNG on standard output"
    ;;
  *) fail "unknown case $2" ;;
esac
