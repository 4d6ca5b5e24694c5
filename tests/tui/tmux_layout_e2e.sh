#!/usr/bin/env bash
# End-to-end test of the screen's own keys in a real terminal (tmux, 80x24): the help overlay
# opens with ? and closes with any key, the bots pause with p and stay paused, + and - change
# their pace as the key help shows, and PgUp scrolls the log back; six long and wide names keep
# every label whole at 80x24 and 64x22; TERM=dumb and an unknown TERM fall back to plain lines.
# Usage: tests/tui/tmux_layout_e2e.sh path/to/allegra     (exit 77 = skipped: tmux is missing)
set -euo pipefail

allegra="${1:?usage: tmux_layout_e2e.sh path/to/allegra}"
# shellcheck source=tests/tui/tmux_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/tmux_lib.sh"
tmux_test_begin tmux_layout_e2e

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
tm kill-session -t game >/dev/null 2>&1 || true

# Six players with 16-column names, wide ones among them: every label keeps its total and no
# label is overwritten ("Dora 0" became "ora 0"), at 80x24 and at the minimum 64x22.
names='漢字漢字漢字漢字,かなかなかなかな,Alexandrina Abcd,Dora,Emil Emilianoxx,Player 2'
for size in "80 24" "64 22"; do
  read -r width height <<<"$size"
  start "$width" "$height" "env LANG=C.UTF-8 XDG_STATE_HOME='$work/state' '$allegra' play \
--fast --lang en --seats human,easy,easy,easy,easy,easy --names '$names' --seed 5 --no-record; \
sleep 30"
  wait_for "Round 1 of 3" 20
  for label in "漢字漢字漢字… (0)" "かなかなかなか… (0)" "Alexandrina Ab… (0)" "Dora (0)" \
    "Emil Emilianoxx (0)" "Player 2 (0)"; do
    screen | grep -qF -- "$label" || fail "${width}x${height}: no label '$label'"
  done
  tm send-keys -t game q
  wait_for "saved" 20
  tm kill-session -t game >/dev/null 2>&1 || true
done

# TERM=dumb and an unknown TERM: plain lines with a note, not an unplayable screen or
# ncurses' "Error opening terminal" and exit 1.
for term in dumb no-such-terminal; do
  start 80 24 "env TERM=$term LANG=C.UTF-8 XDG_STATE_HOME='$work/state' '$allegra' play --fast \
--lang en --seats human,easy --seed 3 --no-record 2>'$work/err.txt'; echo exit=\$?; sleep 30"
  wait_for "Your choice" 20
  tm send-keys -t game q Enter
  wait_for "exit=0" 20
  grep -qF "playing in plain line mode (--plain)" "$work/err.txt" ||
    fail "TERM=$term: no note: $(cat "$work/err.txt")"
  grep -qF "Error opening terminal" "$work/err.txt" && fail "TERM=$term: ncurses error"
  tm kill-session -t game >/dev/null 2>&1 || true
done

echo "tmux_layout_e2e: ok (help overlay, pause, pace keys, long and wide names, TERM)"
