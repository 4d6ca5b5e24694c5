#!/usr/bin/env bash
# One load figure of docs/bench.md: a fresh `allegra serve` (scratch database), one
# `allegra loadtest` run against it, then the server's memory, CPU and store counters.
# Usage: scripts/serve_figures.sh TABLES SECONDS PACE_MS [ALLEGRA]   (release build by default)
# PRIORITY="chrt -f 10" runs both processes at a real-time priority (figures on a shared machine).
set -euo pipefail
tables=${1:?TABLES} seconds=${2:?SECONDS} pace=${3:?PACE_MS}
allegra=${4:-build/release/allegra}
priority=${PRIORITY:-}
dir=$(mktemp -d "${TMPDIR:-/tmp}/allegra_figures.XXXXXX")
ulimit -n "$(ulimit -Hn)"
# shellcheck disable=SC2086
$priority "$allegra" serve --port 0 --db "$dir/server.sqlite" --log-level warn \
  --max-per-ip 100000 >"$dir/serve.out" 2>"$dir/serve.err" &
server=$!
trap 'kill "$server" 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 1 100); do grep -q '^listening on' "$dir/serve.out" && break; sleep 0.1; done
port=$(sed -n 's#^listening on http://[^ ]*:\([0-9][0-9]*\)/*$#\1#p' "$dir/serve.out")
rss() { awk '/^VmRSS/ {print $2}' "/proc/$server/status"; }
cpu() { awk '{print $14 + $15}' "/proc/$server/stat"; }
rss0=$(rss) cpu0=$(cpu)
# shellcheck disable=SC2086
$priority /usr/bin/time -f "loadtest_cpu_s=%U+%S" -o "$dir/load.time" "$allegra" loadtest --port "$port" --tables "$tables" --seconds "$seconds" \
  --pace-ms "$pace" --quiet --json >"$dir/load.json" &
load=$!
# The server's size with every table playing: sampled just before the window ends.
rss1=$rss0
while kill -0 "$load" 2>/dev/null; do
  r=$(rss); [[ $r -gt $rss1 ]] && rss1=$r
  sleep 1
done
wait "$load" || true
cpu1=$(cpu)
cat "$dir/load.json" "$dir/load.time"
echo "server_rss_kb_before=$rss0 server_rss_kb_peak=$rss1" \
  "rss_kb_per_table=$(( (rss1 - rss0) / tables ))" \
  "server_cpu_s=$(awk -v t=$((cpu1 - cpu0)) 'BEGIN {print t / 100}')"
curl -s "http://127.0.0.1:$port/metrics" |
  grep -E '^allegra_(store_commits_total|store_entries_total|store_commit_seconds_total|flushes_total|actions_total|frames_sent_total) '
uptime
