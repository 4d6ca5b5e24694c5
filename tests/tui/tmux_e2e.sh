#!/usr/bin/env bash
# End-to-end test of the full-screen game: runs `allegra play` in a detached tmux session of a
# fixed size, plays a whole game against three easy bots by always pressing Enter (the cursor
# starts on a legal move, so this is the "first legal move" strategy), and checks the final
# summary on the screen. Also checks the too-small-terminal message and that a resize redraws,
# and that nothing typed before the person is asked acts: Enter while bots play, a bracketed
# paste, the Home key under TERM=xterm-256color (tmux sends ESC [ 1 ~), Ctrl-Z and `fg`.
# Usage: tests/tui/tmux_e2e.sh path/to/allegra     (exit 77 = skipped: tmux is missing)
set -euo pipefail

allegra="${1:?usage: tmux_e2e.sh path/to/allegra}"
# shellcheck source=tests/tui/tmux_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/tmux_lib.sh"
tmux_test_begin tmux_e2e

# 1. A terminal too small for the table says so; growing it draws the table (in ASCII, since
#    the locale is C); a typed move and the hint key work.
start 50 12 "env -u LC_ALL LANG=C XDG_STATE_HOME='$work/state' '$allegra' play --fast --lang en \
     --seats human,easy,easy,easy --seed 11 --no-record --hint-iterations 300; sleep 30"
tm set-option -t game window-size manual >/dev/null
wait_for "too small" 20
tm resize-window -t game -x 100 -y 30
wait_for "Round 1 of 3" 20
out="$(screen)"
grep -q "too small" <<<"$out" && fail "the too-small message stayed after the resize"
grep -qF "##" <<<"$out" || fail "no ASCII face-down cards without a UTF-8 locale"
wait_for "Arrows move" 20
tm send-keys -t game ":" "reveal 0b1" Enter
wait_for "You turned up the" 20
wait_for "Arrows move" 20  # the decision's own key help: the screen reads keys again
tm send-keys -t game h
wait_for "Hint: the strongest bot would play" 60
screen | grep -qF "points expected" || fail "the hint does not give its moves' expected points"
tm send-keys -t game q
wait_for "saved" 20
tm kill-server
socket="$work/tmux2.socket"  # a fresh server: the old one may still be shutting down

# 2. A whole game against three easy bots, pressing Enter at every decision.
start 100 30 "env LANG=C.UTF-8 XDG_STATE_HOME='$work/state' '$allegra' play --fast --lang en \
     --seats human,easy,easy,easy --seed 7 --record '$work/games.jsonl'; sleep 30"
wait_for "Game over after 3 rounds" 400 Enter
out="$(screen)"
grep -qE "The winner|You win|You share the win" <<<"$out" || fail "the summary names no winner"
for text in "Round 1:" "Round 2:" "Round 3:" "1. " "4. " "You"; do
  grep -qF -- "$text" <<<"$out" || fail "the summary lacks '$text'"
done
tm send-keys -t game q
wait_for "The game record is in" 20
"$allegra" replay "$work/games.jsonl" --check >/dev/null || fail "the game record does not replay"
tm kill-server
socket="$work/tmux3.socket"

# 3. Nothing typed before the person is asked acts. The game runs from an interactive shell
#    (job control, for Ctrl-Z and fg) with TERM=xterm-256color, whose Home (ESC O H) is not
#    what tmux sends (ESC [ 1 ~). The bots play first and slowly; the person's first move
#    would be told as "You turned up".
start 100 30 "env -u LC_ALL LANG=C.UTF-8 PS1='$ ' bash --norc --noprofile -i"
tm send-keys -t game "TERM=xterm-256color XDG_STATE_HOME='$work/state' '$allegra' play \
--delay 1000 --lang en --seats easy,easy,easy,human --seed 3 --no-record" Enter
wait_for "Bots play (" 20  # the key help while the bots play (help.bots)
for _ in 1 2 3 4; do tm send-keys -t game Enter; sleep 0.1; done
deadline=$((SECONDS + 30))  # until the person is asked, no move of his may show
until screen | grep -qF "Arrows move"; do
  if screen | grep -qF "You turned up"; then fail "an Enter typed while the bots played made a move"; fi
  ((SECONDS < deadline)) || fail "the person was not asked within 30 s"
  sleep 0.2
done
unmoved() {  # the person has made no move, after a moment for one to show
  sleep 0.7
  if screen | grep -qF "You turned up"; then fail "$1 made a move"; fi
}
unmoved "an Enter typed while the bots played"
tm set-buffer -b typed " 1 swap"$'\r'
tm paste-buffer -p -b typed -t game  # bracketed, as the game asked the terminal for
unmoved "a paste"
tm send-keys -t game Home
unmoved "the Home key"
tm send-keys -t game C-z
wait_for "Stopped" 10
tm send-keys -t game "fg" Enter
wait_for "Arrows move" 10
unmoved "typing fg after Ctrl-Z"
out="$(screen)"
grep -qF "Stopped" <<<"$out" && fail "the screen was not redrawn after fg"
grep -qF "Round 1 of 3" <<<"$out" || fail "the table was not redrawn after fg"
tm send-keys -t game Enter  # and the game still takes the person's own keys
wait_for "You turned up" 10
# A q typed before the next decision starts is flushed by design (the auto-save runs first,
# slowly under ASan): press it until the game has saved and quit.
wait_for "saved" 30 q
echo "tmux_e2e: ok (too-small message, resize, ASCII, typed move, hint, a whole game to the summary, record replays; no move from Enter during bot play, a paste, Home under xterm-256color, Ctrl-Z and fg)"
