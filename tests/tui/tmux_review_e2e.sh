#!/usr/bin/env bash
# End-to-end test of the review screen in a real terminal (tmux, 100x32): a recorded 2-player
# one-round game opens in the replay viewer, v reviews it (a progress line, then the first
# decision with its choices, the best marked), Right steps a decision, n jumps to the next
# mistake, q goes back to the viewer; the same in German. A few seconds.
# Usage: tests/tui/tmux_review_e2e.sh path/to/allegra     (exit 77 = skipped: tmux is missing)
set -euo pipefail

allegra="${1:?usage: tmux_review_e2e.sh path/to/allegra}"
# shellcheck source=tests/tui/tmux_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/tmux_lib.sh"
tmux_test_begin tmux_review_e2e

# A game where the random player makes mistakes for the review to find.
"$allegra" sim --seats expert,random --games 1 --rounds 1 --seed 5 --record "$work/game.jsonl" \
  >/dev/null 2>&1

start 100 32 "env LANG=C.UTF-8 '$allegra' replay --view --lang en '$work/game.jsonl'; sleep 30"
wait_for "Replay of game 1" 20
wait_for "v review" 5
tm send-keys -t game v
wait_for "Left/Right decision" 60
wait_for "expected round points" 5
screen | grep -qE "^.*\* [a-z]" || fail "no choice marked best"
first="$(screen | grep -o "Decision [0-9]*, round" | head -1)"
tm send-keys -t game Right
sleep 0.5
second="$(screen | grep -o "Decision [0-9]*, round" | head -1)"
[[ "$first" != "$second" ]] || fail "Right did not step to the next decision ($first)"
tm send-keys -t game n
wait_for "mistake" 5 ""
screen | grep -qE "(mistake|blunder) \(" || fail "n did not jump to a mistake"
tm send-keys -t game q
wait_for "Replay of game 1" 10
tm send-keys -t game q
tm kill-session -t game >/dev/null 2>&1 || true

# German: the review screen's words.
start 100 32 "env LANG=C.UTF-8 '$allegra' replay --view --lang de '$work/game.jsonl'; sleep 30"
wait_for "Wiedergabe von Spiel 1" 20
tm send-keys -t game v
wait_for "Links/Rechts Entscheidung" 60
wait_for "bester Zug" 5
tm send-keys -t game q q
tm kill-session -t game >/dev/null 2>&1 || true
echo "tmux_review_e2e: ok"
