#!/usr/bin/env bash
# Server CPU per action of several `allegra serve` binaries, measured in turn in the same run
# (docs/bench.md, "Server CPU per action in steady state"): each run a fresh server with a
# scratch database and one `allegra loadtest` beside it at normal priority; the CPU is read from
# /proc/PID/task/*/schedstat (nanoseconds of every thread) and the actions from the server's
# /metrics at the start and at the end of one whole WAL cycle: from the checkpointer's first
# restart of the WAL to its next. So neither the connections' setup nor a young WAL (whose pages
# the kernel must allocate and zero until the WAL first starts over, 14-20% of the CPU) is
# counted, and the checkpoint's own work is, once per cycle, as in a server that has run for a
# while. (WINDOW=SECONDS measures a window of that length after WARMUP seconds instead.)
#
# Usage: scripts/cpu_per_action.sh LABEL=BINARY ...
#   e.g. scripts/cpu_per_action.sh prev=/work/prev/allegra main=build/release/allegra
# Environment:
#   LOAD="TABLES PACE_MS" (default "10 0": as fast as the server answers; "1000 2000" is a
#     person's pace at 1,000 tables), WINDOW (default "cycle"; or seconds, after WARMUP seconds
#     from the first action, default 20), RUNS (rounds over every binary, default 4),
#     LOADTEST (the generator, default the last binary; a server without delta frames gets
#     `--deltas off`), SERVE_FLAGS (added to every server, default "--deflate off" where the
#     binary knows --deflate).
#   INSTRUCTIONS=1 counts user-space instructions per action under callgrind instead (load
#     independent; the kernel's work is not in it): use a light LOAD such as "40 2000" and
#     WINDOW=15 WARMUP=3 (a WAL cycle takes too long under callgrind).
# Prints every run, then per binary the median and range of the CPU per action and the median
# and range of its ratio to the first binary's in the same round.
set -euo pipefail
[[ $# -ge 1 ]] || { sed -n '2,25p' "$0"; exit 2; }
read -r tables pace <<<"${LOAD:-10 0}"
warmup=${WARMUP:-20} window=${WINDOW:-cycle} runs=${RUNS:-4}
labels=() bins=()
for arg in "$@"; do
  [[ $arg == *=* ]] || { echo "cpu_per_action: '$arg' is not LABEL=BINARY" >&2; exit 2; }
  labels+=("${arg%%=*}")
  bins+=("$(realpath "${arg#*=}")")
  [[ -x ${bins[-1]} ]] || { echo "cpu_per_action: '${arg#*=}' is not an executable" >&2; exit 2; }
done
loadtest=${LOADTEST:-${bins[-1]}}
if [[ -n ${INSTRUCTIONS:-} ]] && ! command -v valgrind >/dev/null; then
  echo "cpu_per_action: INSTRUCTIONS=1 needs valgrind (apt-get install valgrind)" >&2
  exit 2
fi
dir=$(mktemp -d "${TMPDIR:-/tmp}/allegra_cpu.XXXXXX")
ulimit -n "$(ulimit -Hn)"
server=""
trap '[[ -n $server ]] && kill "$server" 2>/dev/null; rm -rf "$dir"' EXIT

metric() {  # metric PORT NAME: its value, as an integer
  curl -s "http://127.0.0.1:$1/metrics" | awk -v n="$2" '$1 == n {printf "%.0f\n", $2}'
}
actions() { metric "$1" allegra_actions_total; }
restarts() { metric "$1" allegra_store_checkpoint_restarts_total; }
# until_restarts PORT N: waits until the WAL has started over N times (at most 10 minutes).
until_restarts() {
  for _ in $(seq 1 6000); do
    [[ $(restarts "$1") -ge $2 ]] 2>/dev/null && return 0
    sleep 0.1
  done
  echo "cpu_per_action: the WAL did not start over $2 times in 10 minutes" >&2
  exit 1
}
cpu_ns() {  # every thread's run time; python, not awk: mawk's printf caps %d at 2^31-1
  python3 -c 'import glob,sys; print(sum(int(open(f).read().split()[0]) for f in glob.glob(f"/proc/{sys.argv[1]}/task/*/schedstat")))' "$1"
}

# One run: prints "label round measure actions".
one_run() {
  local label=$1 bin=$2 round=$3 flags=() load_flags=() port
  if [[ -n ${SERVE_FLAGS+x} ]]; then
    read -r -a flags <<<"$SERVE_FLAGS"
  elif "$bin" serve --help | grep -q -- --deflate; then
    flags=(--deflate off)
  fi
  "$bin" serve --help | grep -q -- --max-tables-per-ip &&
    flags+=(--max-tables 10000000 --max-tables-per-ip 10000000)
  "$bin" loadtest --help | grep -q -- --deltas || load_flags=(--deltas off)
  rm -rf "$dir/run" && mkdir "$dir/run"
  local wrap=()
  [[ -n ${INSTRUCTIONS:-} ]] &&
    wrap=(valgrind --tool=callgrind "--callgrind-out-file=$dir/run/cg.out")
  "${wrap[@]}" "$bin" serve --port 0 --db "$dir/run/s.sqlite" --log-level warn \
    --max-per-ip 100000 "${flags[@]}" >"$dir/run/out" 2>"$dir/run/err" &
  server=$!
  for _ in $(seq 1 600); do grep -q '^listening on' "$dir/run/out" && break; sleep 0.1; done
  port=$(sed -n 's#^listening on http://[^ ]*:\([0-9][0-9]*\)/*$#\1#p' "$dir/run/out")
  [[ -n $port ]] || { echo "cpu_per_action: $label did not start: $(cat "$dir/run/err")" >&2; exit 1; }
  "$loadtest" loadtest --port "$port" --tables "$tables" --pace-ms "$pace" --quiet \
    --seconds 3600 "${load_flags[@]}" >/dev/null 2>"$dir/run/load.err" &
  local generator=$! a0 a1 c0 c1
  for _ in $(seq 1 1200); do
    a0=$(actions "$port")
    [[ $a0 -gt 0 ]] 2>/dev/null && break
    sleep 0.1
  done
  if [[ $window == cycle ]]; then until_restarts "$port" 1; else sleep "$warmup"; fi
  if [[ -n ${INSTRUCTIONS:-} ]]; then callgrind_control -z "$server" >/dev/null; fi
  a0=$(actions "$port")
  [[ -z ${INSTRUCTIONS:-} ]] && c0=$(cpu_ns "$server")
  if [[ $window == cycle ]]; then until_restarts "$port" 2; else sleep "$window"; fi
  a1=$(actions "$port")
  if [[ -n ${INSTRUCTIONS:-} ]]; then
    callgrind_control -d "$server" >/dev/null
    c0=0
    c1=$(callgrind_annotate "$dir/run/cg.out.1" 2>/dev/null |
      sed -n 's/^ *\([0-9,]*\) .*PROGRAM TOTALS.*/\1/p' | tr -d ,)
  else
    c1=$(cpu_ns "$server")
  fi
  kill "$generator" 2>/dev/null || true
  wait "$generator" 2>/dev/null || true
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  server=""
  echo "$label $round $((c1 - c0)) $((a1 - a0))"
}

unit="CPU us"
[[ -n ${INSTRUCTIONS:-} ]] && unit="instructions"
echo "# cpu_per_action: $(date -u +%FT%TZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg);" \
  "$tables tables, pace $pace ms, window: $([[ $window == cycle ]] && echo "one WAL cycle" ||
    echo "$window s after $warmup s"), $runs rounds"
results="$dir/results"
for round in $(seq 1 "$runs"); do
  for i in "${!bins[@]}"; do
    one_run "${labels[$i]}" "${bins[$i]}" "$round" | tee -a "$results" |
      awk -v u="$unit" '{printf "round %s  %-10s %10.1f %s per action (%s actions)\n", $2, $1, \
        (u == "CPU us" ? $3 / 1000 : $3) / $4, u, $4}'
  done
done
python3 - "$results" "${labels[0]}" "$unit" <<'EOF'
import statistics, sys
path, base_label, unit = sys.argv[1:]
scale = 1000 if unit == "CPU us" else 1
per = {}
for line in open(path):
    label, rnd, measure, actions = line.split()
    if int(actions) > 0:
        per.setdefault(label, {})[rnd] = int(measure) / scale / int(actions)
base = per.get(base_label, {})
print(f"# medians over the rounds; ratio: to {base_label} in the same round")
for label, runs in per.items():
    v = list(runs.values())
    r = [x / base[k] for k, x in runs.items() if k in base]
    print(f"{label:12s} {statistics.median(v):10.1f} {unit} per action ({min(v):.1f}-{max(v):.1f})"
          f"   ratio {statistics.median(r):.3f} ({min(r):.2f}-{max(r):.2f})")
EOF
echo "# load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
