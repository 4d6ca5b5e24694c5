#!/usr/bin/env bash
# One allegra serve vs two behind HAProxy (deploy/haproxy.cfg), measured with allegra loadtest
# on this machine at normal priority (docs/bench.md, "Two processes behind HAProxy"). For each
# setup: a person's pace (TABLES tables, an action per table every PACE ms: latency p99) and full
# speed (FAST tables, --pace-ms 0: actions per second). Prints one line per run and the load
# average. Usage: bench/proxy_bench.sh ALLEGRA_BINARY [TABLES] [PACE] [FAST] [SECONDS]
set -euo pipefail
allegra=${1:?usage: proxy_bench.sh ALLEGRA_BINARY [TABLES] [PACE_MS] [FAST_TABLES] [SECONDS]}
tables=${2:-1000}
pace=${3:-2000}
fast=${4:-40}
seconds=${5:-20}
here=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mktemp -d "${TMPDIR:-/tmp}/allegra_proxy_bench.XXXXXX")
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

serve() {  # serve NAME PORT [PREFIX]
  local extra=()
  [[ -n "${3:-}" ]] && extra=(--code-prefix "$3" --trusted-proxy 127.0.0.1)
  "$allegra" serve --port "$2" --db "$dir/$1.sqlite" --log-level warn --max-tables-per-ip 100000 \
    --max-per-ip 100000 "${extra[@]}" >"$dir/$1.out" 2>"$dir/$1.err" &
  pids+=($!)
  for _ in $(seq 1 100); do grep -q listening "$dir/$1.out" 2>/dev/null && return; sleep 0.1; done
  echo "serve $1 did not start" >&2; exit 1
}

load() {  # load LABEL PORT
  local label=$1 port=$2
  "$allegra" loadtest --port "$port" --tables "$tables" --pace-ms "$pace" --seconds "$seconds" \
    --quiet --json >"$dir/pace.json"
  "$allegra" loadtest --port "$port" --tables "$fast" --pace-ms 0 --seconds "$seconds" \
    --quiet --json >"$dir/fast.json"
  python3 - "$label" "$dir/pace.json" "$dir/fast.json" <<'PY'
import json, os, sys
p = json.load(open(sys.argv[2])); f = json.load(open(sys.argv[3]))
print(f"{sys.argv[1]:<28} pace: {p['tables']} tables p50 {p['latency_ms']['p50']:.1f} ms "
      f"p99 {p['latency_ms']['p99']:.1f} ms errors {p['errors']} | full speed: "
      f"{f['actions_per_s']:.0f} actions/s p99 {f['latency_ms']['p99']:.1f} ms errors {f['errors']} "
      f"| load average {os.getloadavg()[0]:.1f}")
PY
}

# 1. One process, directly.
one=$(free_port)
serve one "$one"
load "one process" "$one"
kill "${pids[-1]}"; wait "${pids[-1]}" 2>/dev/null || true; unset 'pids[-1]'

# 2. Two processes (prefixes A and B) behind HAProxy.
a=$(free_port); b=$(free_port); proxy=$(free_port)
serve a "$a" A
serve b "$b" B
sed -e "s/bind 127.0.0.1:8080/bind 127.0.0.1:$proxy/" -e "s/127.0.0.1:8081/127.0.0.1:$a/g" \
  -e "s/127.0.0.1:8082/127.0.0.1:$b/g" "$here/deploy/haproxy.cfg" >"$dir/haproxy.cfg"
haproxy -db -f "$dir/haproxy.cfg" >"$dir/haproxy.log" 2>&1 &
pids+=($!)
sleep 2
load "two processes behind HAProxy" "$proxy"
