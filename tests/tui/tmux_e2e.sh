#!/usr/bin/env bash
# End-to-end test of the full-screen game: runs `allegra play` in a detached tmux session of a
# fixed size, plays a whole game against three easy bots by always pressing Enter (the cursor
# starts on a legal move, so this is the "first legal move" strategy), and checks the final
# summary on the screen. Also checks the too-small-terminal message and that a resize redraws.
# Usage: tests/tui/tmux_e2e.sh path/to/allegra     (exit 77 = skipped: tmux is missing)
set -euo pipefail

allegra="${1:?usage: tmux_e2e.sh path/to/allegra}"
if ! command -v tmux >/dev/null 2>&1; then
  echo "tmux_e2e: SKIPPED: tmux is not installed (apt-get install tmux)"
  exit 77
fi

work="$(mktemp -d)"
socket="$work/tmux.socket"  # a server of our own, whatever else runs on the machine
cleanup() {
  tmux -S "$work/tmux.socket" kill-server >/dev/null 2>&1 || true
  tmux -S "$work/tmux2.socket" kill-server >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

tm() { tmux -S "$socket" "$@"; }
# start COMMAND: a detached session "game" of the given size; retried, since a tmux server
# starting while another one exits can fail once ("server exited unexpectedly").
start() {
  local width="$1" height="$2" command="$3"
  for attempt in 1 2 3; do
    if tm -f /dev/null new-session -d -s game -x "$width" -y "$height" "$command"; then return 0; fi
    echo "tmux_e2e: tmux did not start a ${width}x${height} session (attempt $attempt), retrying"
    tm kill-server >/dev/null 2>&1 || true
    sleep 1
  done
  fail "tmux did not start"
}
screen() { tm capture-pane -p -t game; }
fail() {
  echo "tmux_e2e: FAIL: $*"
  echo "---- screen ----"
  screen || true
  exit 1
}
# wait_for TEXT SECONDS [KEY]: polls the screen until TEXT shows, pressing KEY meanwhile.
wait_for() {
  local text="$1" seconds="$2" key="${3:-}" deadline=$((SECONDS + $2))
  while ((SECONDS < deadline)); do
    if screen | grep -qF -- "$text"; then return 0; fi
    if [[ -n "$key" ]]; then tm send-keys -t game "$key"; fi
    sleep 0.2
  done
  fail "'$text' did not appear within ${seconds} s"
}

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
tm send-keys -t game ":" "reveal 0b1" Enter
wait_for "You turned up the" 20
tm send-keys -t game h
wait_for "Hint: the strongest bot would play" 60
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
echo "tmux_e2e: ok (too-small message, resize, ASCII, typed move, hint, a whole game to the summary, record replays)"
