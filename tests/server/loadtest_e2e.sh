#!/usr/bin/env bash
# `allegra loadtest` against a real `allegra serve` (a free port, a scratch database): 200 tables
# of 4 WebSocket players for 20 s at one action per table every 250 ms must show `errors: 0`;
# so must 20 tables for 5 s at full speed (--pace-ms 0), where a seat would play faster than the
# server's 20 messages a second per connection unless the generator paces itself (before it did,
# every such run showed rate_limited errors and stalled tables); so must 20 tables of signed-in
# players (--signed-in) for 3 s; then the server must stop
# cleanly on SIGTERM. Usage: loadtest_e2e.sh ALLEGRA_BINARY
set -uo pipefail

allegra=${1:?usage: loadtest_e2e.sh ALLEGRA_BINARY}
tables=${LOADTEST_TABLES:-200}
seconds=${LOADTEST_SECONDS:-20}
pace=${LOADTEST_PACE_MS:-250}
# A sanitizer build (ASan: several times slower, on a machine running other tests) plays half as
# many tables at half the pace: the test is about correctness, not speed.
if ldd "$allegra" 2>/dev/null | grep -q 'libasan'; then
  tables=${LOADTEST_TABLES:-100}
  pace=${LOADTEST_PACE_MS:-500}
fi

# Skipped (77) only in a build without the serve subcommand (a branch before it was merged).
"$allegra" serve --help >/dev/null 2>&1 || { echo "SKIP: this allegra has no serve subcommand"; exit 77; }

dir=$(mktemp -d "${TMPDIR:-/tmp}/allegra_loadtest_e2e.XXXXXX")
server=""
cleanup() {
  if [[ -n "$server" ]] && kill -0 "$server" 2>/dev/null; then kill -KILL "$server" 2>/dev/null; fi
  rm -rf "$dir"
}
trap cleanup EXIT
fail() {
  echo "FAIL: $*" >&2
  for f in serve.out serve.err load.out load.err; do
    [[ -s "$dir/$f" ]] && { echo "--- $f (last lines)" >&2; tail -n 20 "$dir/$f" >&2; }
  done
  exit 1
}

# Both sides hold 4 x tables sockets.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

# The load generator creates every table from 127.0.0.1: the limits of open tables per address
# and per connection are a client's, not a load test's.
"$allegra" serve --port 0 --db "$dir/server.sqlite" --log-level warn --max-tables-per-ip 100000 \
  >"$dir/serve.out" 2>"$dir/serve.err" &
server=$!
port=""
for _ in $(seq 1 300); do  # up to 30 s (a sanitizer build starts slowly)
  port=$(sed -n 's#^listening on http://[^ ]*:\([0-9][0-9]*\)/*$#\1#p' "$dir/serve.out" | head -n 1)
  [[ -n "$port" ]] && break
  kill -0 "$server" 2>/dev/null || fail "allegra serve exited before listening"
  sleep 0.1
done
[[ -n "$port" ]] || fail "allegra serve printed no 'listening on' line within 30 s"

# One load run against the server: TABLES SECONDS PACE_MS [FLAGS...]; sets `actions`.
load() {
  "$allegra" loadtest --port "$port" --tables "$1" --seconds "$2" --pace-ms "$3" "${@:4}" \
    >"$dir/load.out" 2>"$dir/load.err"
  local status=$?
  cat "$dir/load.out"
  grep -qx 'errors: 0' "$dir/load.out" || fail "loadtest at pace $3 ms reported errors (exit $status)"
  [[ $status -eq 0 ]] || fail "loadtest at pace $3 ms exited with $status"
  actions=$(sed -n 's/^actions  *\([0-9][0-9]*\)$/\1/p' "$dir/load.out")
  [[ -n "$actions" && "$actions" -gt 0 ]] || fail "no action was played at pace $3 ms"
}
load "$tables" "$seconds" "$pace"
paced_actions=$actions
load "${LOADTEST_FULL_SPEED_TABLES:-20}" 5 0
full_speed_actions=$actions
# Every seat a signed-in player (a guest session's cookie on each WebSocket, checked with its
# Origin at the upgrade): 20 tables, 3 s.
load 20 3 250 --signed-in
signed_in_actions=$actions

kill -TERM "$server"
for _ in $(seq 1 200); do  # up to 20 s
  kill -0 "$server" 2>/dev/null || break
  sleep 0.1
done
kill -0 "$server" 2>/dev/null && fail "allegra serve did not stop within 20 s of SIGTERM"
wait "$server"
serve_status=$?
server=""
[[ $serve_status -eq 0 ]] || fail "allegra serve exited with $serve_status after SIGTERM"
echo "PASS: $tables tables, $paced_actions actions at $pace ms;" \
  "${LOADTEST_FULL_SPEED_TABLES:-20} tables, $full_speed_actions actions at full speed;" \
  "20 tables of signed-in players, $signed_in_actions actions; errors: 0"
