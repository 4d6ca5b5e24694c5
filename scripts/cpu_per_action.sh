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
#   TOGETHER=1 runs every binary's server and generator at the same time and measures them over
#     the same WINDOW (seconds; not with INSTRUCTIONS): this host's speed drifts by 10-20% from
#     minute to minute, which one binary after the other measures as a difference between them.
#   INSTRUCTIONS=1 counts user-space instructions per action under callgrind instead (load
#     independent; the kernel's work is not in it): use a light LOAD such as "40 2000" and
#     WINDOW=15 WARMUP=3 (a WAL cycle takes too long under callgrind).
# Prints every run, then per binary the median and range of the CPU per action and the median
# and range of its ratio to the first binary's in the same round.
set -euo pipefail
[[ $# -ge 1 ]] || { sed -n '2,28p' "$0"; exit 2; }
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
if [[ -n ${TOGETHER:-} && ($window == cycle || -n ${INSTRUCTIONS:-}) ]]; then
  echo "cpu_per_action: TOGETHER=1 needs WINDOW=SECONDS and no INSTRUCTIONS" >&2
  exit 2
fi
dir=$(mktemp -d "${TMPDIR:-/tmp}/allegra_cpu.XXXXXX")
ulimit -n "$(ulimit -Hn)"
servers=()
trap 'kill "${servers[@]}" 2>/dev/null; rm -rf "$dir"' EXIT

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

# start_pair LABEL BIN RUNDIR: starts a server with a scratch database in RUNDIR and one load
# generator beside it; sets SERVER, GENERATOR and PORT, and waits for the first action.
start_pair() {
  local label=$1 bin=$2 run=$3 flags=() load_flags=() wrap=() serve_help load_help
  # The help texts read whole first: `grep -q` stops at its match, and with pipefail the help
  # writer's SIGPIPE would fail the test at random (a server then left with its table limits).
  serve_help=$("$bin" serve --help) load_help=$("$bin" loadtest --help)
  if [[ -n ${SERVE_FLAGS+x} ]]; then
    read -r -a flags <<<"$SERVE_FLAGS"
  elif grep -q -- --deflate <<<"$serve_help"; then
    flags=(--deflate off)
  fi
  grep -q -- --max-tables-per-ip <<<"$serve_help" &&
    flags+=(--max-tables 10000000 --max-tables-per-ip 10000000)
  grep -q -- --deltas <<<"$load_help" || load_flags=(--deltas off)
  rm -rf "$run" && mkdir "$run"
  [[ -n ${INSTRUCTIONS:-} ]] &&
    wrap=(valgrind --tool=callgrind "--callgrind-out-file=$run/cg.out")
  "${wrap[@]}" "$bin" serve --port 0 --db "$run/s.sqlite" --log-level warn \
    --max-per-ip 100000 "${flags[@]}" >"$run/out" 2>"$run/err" &
  SERVER=$!
  servers+=("$SERVER")
  for _ in $(seq 1 600); do grep -q '^listening on' "$run/out" && break; sleep 0.1; done
  PORT=$(sed -n 's#^listening on http://[^ ]*:\([0-9][0-9]*\)/*$#\1#p' "$run/out")
  [[ -n $PORT ]] || { echo "cpu_per_action: $label did not start: $(cat "$run/err")" >&2; exit 1; }
  "$loadtest" loadtest --port "$PORT" --tables "$tables" --pace-ms "$pace" --quiet \
    --seconds 3600 "${load_flags[@]}" >/dev/null 2>"$run/load.err" &
  GENERATOR=$!
  servers+=("$GENERATOR")
  for _ in $(seq 1 1200); do
    [[ $(actions "$PORT") -gt 0 ]] 2>/dev/null && break
    sleep 0.1
  done
}

stop_all() {
  kill "${servers[@]}" 2>/dev/null || true
  wait "${servers[@]}" 2>/dev/null || true
  servers=()
}

# One run: prints "label round measure actions".
one_run() {
  local label=$1 bin=$2 round=$3 a0 a1 c0 c1
  start_pair "$label" "$bin" "$dir/run"
  local server=$SERVER port=$PORT
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
  stop_all
  echo "$label $round $((c1 - c0)) $((a1 - a0))"
}

# One round of TOGETHER=1: every binary's server and generator run at the same time, started in
# an order that turns by one each round. Each is measured over its own window, WARMUP seconds
# after its own first action: the generators play the same seeded games, so the windows see the
# same stretch of those games (the ends of games and the new tables cost more than the moves in
# between), and they overlap but for the seconds between the starts, so a slow spell of the host
# falls on all of them alike. Prints a "label round measure actions" line each.
together_run() {
  local round=$1 n=${#bins[@]} ports=() pids=() first=() order=() a0=() c0=() i k
  for ((k = 0; k < n; k++)); do order+=($(((k + round) % n))); done
  for i in "${order[@]}"; do
    start_pair "${labels[$i]}" "${bins[$i]}" "$dir/run$i"
    ports[i]=$PORT pids[i]=$SERVER first[i]=$(date +%s%N)
  done
  for i in "${order[@]}"; do
    sleep_until $((first[i] + warmup * 1000000000))
    a0[i]=$(actions "${ports[i]}") c0[i]=$(cpu_ns "${pids[i]}")
  done
  for i in "${order[@]}"; do
    sleep_until $((first[i] + (warmup + window) * 1000000000))
    echo "${labels[$i]} $round $(($(cpu_ns "${pids[$i]}") - c0[i])) $(($(actions "${ports[$i]}") - a0[i]))"
  done
  stop_all
}

sleep_until() {  # sleep_until NANOSECONDS_SINCE_THE_EPOCH
  local left=$(($1 - $(date +%s%N)))
  ((left > 0)) && sleep "$(printf '%d.%03d' $((left / 1000000000)) $((left / 1000000 % 1000)))"
  return 0
}

unit="CPU us"
[[ -n ${INSTRUCTIONS:-} ]] && unit="instructions"
echo "# cpu_per_action: $(date -u +%FT%TZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg);" \
  "$tables tables, pace $pace ms, window: $([[ $window == cycle ]] && echo "one WAL cycle" ||
    echo "$window s after $warmup s"), $runs rounds$([[ -n ${TOGETHER:-} ]] &&
    echo ", the binaries at the same time")"
results="$dir/results"
show() {
  tee -a "$results" | awk -v u="$unit" '{printf "round %s  %-10s %10.1f %s per action (%s actions)\n", \
    $2, $1, (u == "CPU us" ? $3 / 1000 : $3) / $4, u, $4}'
}
for round in $(seq 1 "$runs"); do
  if [[ -n ${TOGETHER:-} ]]; then
    together_run "$round" | show
  else
    for i in "${!bins[@]}"; do one_run "${labels[$i]}" "${bins[$i]}" "$round" | show; done
  fi
done
python3 - "$results" "${labels[0]}" "$unit" <<'EOF'
import statistics, sys
path, base_label, unit = sys.argv[1:]
scale = 1000 if unit == "CPU us" else 1
rows = [line.split() for line in open(path)]
most = {}
for label, rnd, measure, actions in rows:
    most[rnd] = max(most.get(rnd, 0), int(actions))
per = {}
for label, rnd, measure, actions in rows:
    # A run with far fewer actions than the others of its round measured something else: a
    # generator that fell behind, or a stretch between games.
    if int(actions) < 0.8 * most[rnd]:
        print(f"# round {rnd} {label}: left out, {actions} actions against {most[rnd]}")
    elif int(actions) > 0:
        per.setdefault(label, {})[rnd] = int(measure) / scale / int(actions)
base = per.get(base_label, {})
print(f"# medians over the rounds; ratio: to {base_label} in the same round")
for label, runs in per.items():
    v = list(runs.values())
    r = [x / base[k] for k, x in runs.items() if k in base]
    ratio = f"ratio {statistics.median(r):.3f} ({min(r):.2f}-{max(r):.2f})" if r else "no ratio"
    print(f"{label:12s} {statistics.median(v):10.1f} {unit} per action ({min(v):.1f}-{max(v):.1f})"
          f"   {ratio}")
EOF
echo "# load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
