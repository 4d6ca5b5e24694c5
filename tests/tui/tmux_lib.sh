# Helpers shared by the tmux end-to-end scripts (sourced, not run). The caller runs
#   tmux_test_begin NAME
# first, which skips the test (exit 77) without tmux and sets
#   test_name  the prefix of its messages ("tmux_e2e")
#   work       a temporary folder, removed at exit with every tmux server of a socket in it
#   socket     $work/tmux.socket: a tmux server of its own, whatever else runs on the machine
# and gets: tm (tmux on that server), start (a detached session "game"), screen (what it
# shows), fail (message, screen, exit 1) and wait_for (poll the screen for a text).

tmux_test_begin() {
  test_name="$1"
  if ! command -v tmux >/dev/null 2>&1; then
    echo "$test_name: SKIPPED: tmux is not installed (apt-get install tmux)"
    exit 77
  fi
  work="$(mktemp -d)"
  socket="$work/tmux.socket"
  trap tmux_test_cleanup EXIT
}

tmux_test_cleanup() {
  local s
  for s in "$work"/*.socket; do
    if [[ -S "$s" ]]; then tmux -S "$s" kill-server >/dev/null 2>&1 || true; fi
  done
  rm -rf "$work"
}

tm() { tmux -S "$socket" "$@"; }

# start WIDTH HEIGHT COMMAND: a detached session "game" of that size; retried, since a tmux
# server starting while another one exits can fail once ("server exited unexpectedly").
start() {
  local width="$1" height="$2" command="$3"
  for attempt in 1 2 3; do
    if tm -f /dev/null new-session -d -s game -x "$width" -y "$height" "$command"; then return 0; fi
    echo "$test_name: tmux did not start a ${width}x${height} session (attempt $attempt), retrying"
    tm kill-server >/dev/null 2>&1 || true
    sleep 1
  done
  fail "tmux did not start"
}

screen() { tm capture-pane -p -t game; }

fail() {
  echo "$test_name: FAIL: $*"
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
