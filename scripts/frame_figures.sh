#!/usr/bin/env bash
# The frame figures of docs/bench.md ("Bytes and CPU per action"): what one action costs in bytes
# per client on the wire and in server CPU, for several `allegra serve` binaries and --deflate
# modes, measured alternately in the same run (on a shared machine the load changes from minute
# to minute: only figures taken side by side compare).
#
# Usage: scripts/frame_figures.sh LABEL=BINARY[:MODE,MODE...] ...
#   e.g. scripts/frame_figures.sh main=/work/main/build/release/allegra \
#          new=build/release/allegra:off,on,no-takeover
#   MODE is a --deflate value; a binary without modes is started without the flag (a binary
#   older than --deflate never compresses). MODE/full: the generator asks for whole updates
#   (loadtest --deltas off); a binary older than delta frames always gets them.
# Environment: RUNS (default 3) rounds over every binary and mode; PERSON="TABLES SECONDS PACE_MS"
# (default "100 20 2000": one action per table every 2 s, a person's pace) and FULL (default
# "10 20 0": as fast as the server answers) are the two loads; LOADTEST (default: the last binary)
# is the generator, which offers permessage-deflate as browsers do and counts the bytes on the
# wire (the kernel's TCP count) and in frames; PRIORITY="chrt -f 10" runs everything at a
# real-time priority (an extra line only); FLAGS_<LABEL>="..." adds serve flags to that label's
# servers (e.g. FLAGS_big="--max-per-ip 1000" big=build/release/allegra:off).
# Every figure of the script's runs is printed with its round, so that ratios per round can be
# taken (RATIO_TO=LABEL: each run's CPU per action divided by that label's in the same round and
# load, and their medians).
# Per run: server CPU (user+sys from /proc/PID/stat, setup included) / the server's
# allegra_actions_total; bytes per action per client from the generator's measured window.
# Prints every run, then per binary, mode and load the medians, and the load average.
set -euo pipefail
[[ $# -ge 1 ]] || { sed -n '2,20p' "$0"; exit 2; }
runs=${RUNS:-3}
read -r person_tables person_seconds person_pace <<<"${PERSON:-100 20 2000}"
read -r full_tables full_seconds full_pace <<<"${FULL:-10 20 0}"
priority=${PRIORITY:-}
configs=()
for arg in "$@"; do
  label=${arg%%=*} rest=${arg#*=}
  bin=${rest%%:*} modes=""
  [[ $rest == *:* ]] && modes=${rest#*:}
  [[ -x $bin ]] || { echo "frame_figures: '$bin' is not an executable" >&2; exit 2; }
  if [[ -z $modes ]]; then configs+=("$label|$bin|-"); else
    IFS=, read -r -a ms <<<"$modes"
    for m in "${ms[@]}"; do configs+=("$label|$bin|$m"); done
  fi
done
last=${configs[-1]#*|}
loadtest=${LOADTEST:-${last%%|*}}
dir=$(mktemp -d "${TMPDIR:-/tmp}/allegra_frames.XXXXXX")
ulimit -n "$(ulimit -Hn)"
server=""
trap '[[ -n $server ]] && kill "$server" 2>/dev/null; rm -rf "$dir"' EXIT
results="$dir/results.tsv"

# One run: a fresh server (scratch database), one loadtest, the figures as one TSV line.
one_run() {
  local label=$1 bin=$2 mode=$3 load=$4 tables=$5 seconds=$6 pace=$7 round=$8
  local flags=() load_flags=() serve_help load_help
  # The help texts read whole first: `grep -q` stops at its match, and with pipefail the help
  # writer's SIGPIPE would fail the test at random (a server then left with its table limits).
  serve_help=$("$bin" serve --help) load_help=$("$bin" loadtest --help)
  # MODE/full, or a server older than delta frames (no `deltas` in its hello): whole updates.
  if [[ $mode == */full ]] || ! grep -q -- --deltas <<<"$load_help"; then
    load_flags=(--deltas off)
  fi
  local deflate=${mode%/full}
  [[ $deflate != - ]] && flags=(--deflate "$deflate")
  # An older binary has no table limits to raise.
  grep -q -- --max-tables-per-ip <<<"$serve_help" &&
    flags+=(--max-tables 10000000 --max-tables-per-ip 10000000)
  local extra="FLAGS_$label"
  # shellcheck disable=SC2206
  [[ -n ${!extra:-} ]] && flags+=(${!extra})
  rm -f "$dir/server.sqlite"*
  # shellcheck disable=SC2086
  $priority "$bin" serve --port 0 --db "$dir/server.sqlite" --log-level warn \
    --max-per-ip 100000 "${flags[@]}" \
    >"$dir/serve.out" 2>"$dir/serve.err" &
  server=$!
  for _ in $(seq 1 300); do grep -q '^listening on' "$dir/serve.out" && break; sleep 0.1; done
  local port
  port=$(sed -n 's#^listening on http://[^ ]*:\([0-9][0-9]*\)/*$#\1#p' "$dir/serve.out")
  if [[ -z $port ]]; then
    echo "frame_figures: $label ($mode) did not start; skipped: $(cat "$dir/serve.err")" >&2
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    server=""
    return
  fi
  local cpu0
  cpu0=$(awk '{print $14 + $15}' "/proc/$server/stat" 2>/dev/null || echo 0)
  # shellcheck disable=SC2086
  $priority "$loadtest" loadtest --port "$port" --tables "$tables" --seconds "$seconds" \
    --pace-ms "$pace" "${load_flags[@]}" --quiet --json >"$dir/load.json" || true
  local cpu1 actions
  cpu1=$(awk '{print $14 + $15}' "/proc/$server/stat" 2>/dev/null || echo "$cpu0")
  # A server that died meanwhile answers nothing: the run's figures say nan, the rounds go on.
  actions=$(curl -s "http://127.0.0.1:$port/metrics" | awk '$1 == "allegra_actions_total" {print $2}' || true)
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  server=""
  python3 - "$dir/load.json" "$label" "$mode" "$load" "$((cpu1 - cpu0))" "$actions" \
    "$(cut -d' ' -f1 /proc/loadavg)" "$round" <<'EOF' | tee -a "$results"
import json, sys
path, label, mode, load, ticks, actions, loadavg, rnd = sys.argv[1:]
r = json.load(open(path))
actions = float(actions or 0)
cpu_ms = float(ticks) * 10 / actions if actions else float("nan")
print(f"{label}\t{mode}\t{load}\t{r['wire_bytes_per_action_per_client']:.0f}\t"
      f"{r['frame_bytes_per_action_per_client']:.0f}\t{cpu_ms:.3f}\t{r['actions_per_s']:.0f}\t"
      f"{r['latency_ms']['p99']:.1f}\t{r['errors']}\t{loadavg}\t{rnd}")
EOF
}

echo "# frame_figures: $(date -u +%FT%TZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# person: $person_tables tables, pace $person_pace ms, $person_seconds s;" \
  "full: $full_tables tables, pace $full_pace ms, $full_seconds s; $runs rounds; loadtest $loadtest"
printf 'binary\tdeflate\tload\twire_B/action/client\tframe_B/action/client\tserver_cpu_ms/action\tactions/s\tp99_ms\terrors\tloadavg\tround\n'
for round in $(seq 1 "$runs"); do
  for c in "${configs[@]}"; do
    IFS='|' read -r label bin mode <<<"$c"
    one_run "$label" "$bin" "$mode" person "$person_tables" "$person_seconds" "$person_pace" "$round"
    one_run "$label" "$bin" "$mode" full "$full_tables" "$full_seconds" "$full_pace" "$round"
  done
done
echo "# medians over $runs rounds"
python3 - "$results" "${RATIO_TO:-}" <<'EOF'
import statistics, sys
rows, base = {}, {}
ratio_to = sys.argv[2]
for line in open(sys.argv[1]):
    f = line.rstrip("\n").split("\t")
    if f[5] == "nan":  # a run whose server or generator failed: left out
        continue
    rows.setdefault((f[0], f[1], f[2]), []).append(f)
    if f[0] == ratio_to:
        base.setdefault((f[2], f[10]), float(f[5]))  # load, round: the first mode of that label
print("binary\tdeflate\tload\twire_B/action/client\tframe_B/action/client\tserver_cpu_ms/action"
      "\tactions/s\tp99_ms\terrors\tloadavg" + (f"\tcpu_ratio_to_{ratio_to} (min-max)" if ratio_to else ""))
for key, fs in rows.items():
    med = lambda i: statistics.median(float(f[i]) for f in fs)
    line = (f"{key[0]}\t{key[1]}\t{key[2]}\t{med(3):.0f}\t{med(4):.0f}\t{med(5):.3f}\t{med(6):.0f}"
            f"\t{med(7):.1f}\t{sum(int(f[8]) for f in fs)}\t{med(9):.1f}")
    ratios = [float(f[5]) / base[(f[2], f[10])] for f in fs if (f[2], f[10]) in base]
    if ratio_to and ratios:
        line += f"\t{statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})"
    print(line)
EOF
echo "# load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
