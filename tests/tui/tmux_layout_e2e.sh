#!/usr/bin/env bash
# End-to-end test of the screen's own keys in a real terminal (tmux, 80x24): the help overlay
# opens with ? and closes with any key, the bots pause with p and stay paused, + and - change
# their pace as the key help shows, and PgUp scrolls the log back.
# Usage: tests/tui/tmux_layout_e2e.sh path/to/allegra     (exit 77 = skipped: tmux is missing)
set -euo pipefail

allegra="${1:?usage: tmux_layout_e2e.sh path/to/allegra}"
if ! command -v tmux >/dev/null 2>&1; then
  echo "tmux_layout_e2e: SKIPPED: tmux is not installed (apt-get install tmux)"
  exit 77
fi

work="$(mktemp -d)"
socket="$work/tmux.socket"  # a server of our own, whatever else runs on the machine
cleanup() {
  tmux -S "$socket" kill-server >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

test_name=tmux_layout_e2e
# shellcheck source=tests/tui/tmux_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/tmux_lib.sh"

start 80 24 "env LANG=C.UTF-8 XDG_STATE_HOME='$work/state' '$allegra' play --delay 400 \
--lang en --seats human,easy,easy,easy --seed 11 --no-record; sleep 30"

# The help overlay over the table, closed by any key.
wait_for "Round 1 of 3" 20
tm send-keys -t game "?"
wait_for "Help (any key closes it" 10
wait_for "PgUp/PgDn scroll" 10
tm send-keys -t game NPage
wait_for "The rules in short" 10
tm send-keys -t game x
wait_for "Round 1 of 3" 10
screen | grep -qF "Help (any key" && fail "the help overlay stayed open"

# Two setup reveals, then the bots play: p holds them.
tm send-keys -t game Enter
sleep 0.3
tm send-keys -t game Enter
wait_for "Bots play (400 ms a move)" 10
tm send-keys -t game p
wait_for "Bots paused" 10
before="$(screen)"
sleep 2
[[ "$(screen)" == "$before" ]] || fail "the bots played on while paused"
tm send-keys -t game -- "-"
tm send-keys -t game p
wait_for "Bots play (800 ms a move)" 10
tm send-keys -t game + +
wait_for "Bots play (200 ms a move)" 10

# q saves and quits.
tm send-keys -t game q
wait_for "saved" 20
echo "tmux_layout_e2e: ok (help overlay, pause, pace keys)"
