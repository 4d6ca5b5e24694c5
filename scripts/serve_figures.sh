#!/usr/bin/env bash
# One load figure of docs/bench.md: fresh `allegra serve` processes (scratch databases), `allegra
# loadtest` runs against them, then the servers' memory, CPU and store counters.
# Usage: scripts/serve_figures.sh TABLES SECONDS PACE_MS [ALLEGRA]   (release build by default)
# PRIORITY="chrt -f 10" runs every process at a real-time priority (figures on a shared machine).
# SERVERS=N (default 1) starts N servers; LOADS=M (default 1) runs M generator processes at once,
# generator g against server g % N, each with TABLES / M tables. One process may open at most
# `ulimit -Hn` files (20,000 here), so 5,000 tables (20,000 connections) need LOADS=2 and, for
# the server side, SERVERS=2.
# STORE=postgres: the server keeps its tables in the PostgreSQL database of $ALLEGRA_PG_URL
# (one server; a fresh cluster per run: STORE=postgres scripts/pg-cluster.sh run
# scripts/serve_figures.sh ...) instead of a scratch SQLite file.
set -euo pipefail
tables=${1:?TABLES} seconds=${2:?SECONDS} pace=${3:?PACE_MS}
allegra=${4:-build/release/allegra}
priority=${PRIORITY:-}
servers=${SERVERS:-1} loads=${LOADS:-1}
dir=$(mktemp -d "${TMPDIR:-/tmp}/allegra_figures.XXXXXX")
ulimit -n "$(ulimit -Hn)"
pids=() ports=()
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$dir"' EXIT
for s in $(seq 1 "$servers"); do
  store=(--db "$dir/server$s.sqlite")
  [[ "${STORE:-}" == postgres ]] && store=(--store "${ALLEGRA_PG_URL:?STORE=postgres needs ALLEGRA_PG_URL}")
  # shellcheck disable=SC2086
  $priority "$allegra" serve --port 0 "${store[@]}" --log-level warn \
    --max-per-ip 100000 --max-tables 10000000 --max-tables-per-ip 10000000 \
    >"$dir/serve$s.out" 2>"$dir/serve$s.err" &
  pids+=($!)
  for _ in $(seq 1 100); do grep -q '^listening on' "$dir/serve$s.out" && break; sleep 0.1; done
  ports+=("$(sed -n 's#^listening on http://[^ ]*:\([0-9][0-9]*\)/*$#\1#p' "$dir/serve$s.out")")
done
rss() { awk '/^VmRSS/ {print $2}' "/proc/$1/status"; }
cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }
declare -A rss0 cpu0 rss1
for p in "${pids[@]}"; do rss0[$p]=$(rss "$p"); cpu0[$p]=$(cpu "$p"); rss1[$p]=${rss0[$p]}; done
loaders=()
for g in $(seq 0 $((loads - 1))); do
  # shellcheck disable=SC2086
  $priority /usr/bin/time -f "loadtest_cpu_s=%U+%S" -o "$dir/load$g.time" "$allegra" loadtest \
    --port "${ports[$((g % servers))]}" --tables $((tables / loads)) --seconds "$seconds" \
    --pace-ms "$pace" --quiet --json >"$dir/load$g.json" &
  loaders+=($!)
done
# The servers' size with every table playing: the peak, sampled each second.
while kill -0 "${loaders[@]}" 2>/dev/null; do
  for p in "${pids[@]}"; do r=$(rss "$p"); [[ $r -gt ${rss1[$p]} ]] && rss1[$p]=$r; done
  sleep 1
done
for l in "${loaders[@]}"; do wait "$l" || true; done
for g in $(seq 0 $((loads - 1))); do cat "$dir/load$g.json" "$dir/load$g.time"; done
for i in "${!pids[@]}"; do
  p=${pids[$i]}
  per_server=$((tables / servers))
  echo "server$((i + 1)): rss_kb_before=${rss0[$p]} rss_kb_peak=${rss1[$p]}" \
    "rss_kb_per_table=$(((rss1[$p] - rss0[$p]) / per_server))" \
    "cpu_s=$(awk -v t=$(($(cpu "$p") - cpu0[$p])) 'BEGIN {print t / 100}')"
  curl -s "http://127.0.0.1:${ports[$i]}/metrics" |
    grep -E '^allegra_(store_[a-z_]+|flushes_total|actions_total|frames_sent_total) '
done
uptime
