#!/usr/bin/env bash
# The store and proxy figures of docs/bench.md ("SQLite, PostgreSQL, two processes behind
# HAProxy") and docs/scaling.md: the same load against each setup in turn, in the same run, with
# `allegra loadtest` beside the servers at normal priority (nothing is reniced).
#
#   scripts/store_figures.sh [RUNS] [SECONDS]        (release build: build/release/allegra)
#
# Setups (SETUPS, default "sqlite pg pg2"):
#   sqlite   one `allegra serve` on a scratch SQLite file
#   sqlite2  two (--code-prefix A and B, a SQLite file each) behind HAProxy (deploy/haproxy.cfg)
#   pg       one on a fresh throwaway PostgreSQL cluster (scripts/pg-cluster.sh)
#   pg2      two on one fresh cluster behind HAProxy
# For each run and setup, fresh servers (and cluster), then:
#   - a person's pace: PACE_TABLES (default "1000 2000 3000") tables of 4, an action per table
#     every 2 s, SECONDS each (default 15): latency p50/p99, errors (through HAProxy only up to
#     2,200 tables: the open-files limit of 20,000 per process, 2 per proxied connection);
#   - full speed: FAST_TABLES (default 200; 0: none) tables, --pace-ms 0: actions per second;
#   - the store over each phase (the servers' /metrics, summed): commits per second and the
#     time per commit (SQLite: on the io thread; PostgreSQL: the store thread's round trip),
#     over the whole loadtest (its setup of the tables included).
# One line per phase, the load average at its end; then the medians over the runs per setup.
set -euo pipefail
runs=${1:-3}
seconds=${2:-15}
setups=${SETUPS:-sqlite pg pg2}
pace_tables=${PACE_TABLES:-1000 2000 3000}
fast_tables=${FAST_TABLES:-200}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
allegra=${ALLEGRA:-$here/build/release/allegra}
[[ -x "$allegra" ]] || { echo "store_figures.sh: no $allegra (cmake --build --preset release --target allegra)" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/allegra_store_figures.XXXXXX")
chmod 755 "$work"  # the cluster's owner (allegra-pg when run as root) must reach its folder
results=$work/results.jsonl
pids=() cluster=
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

stop_setup() {
  local p
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  pids=()
  if [[ -n "$cluster" ]]; then bash "$here/scripts/pg-cluster.sh" stop "$cluster" || true; fi
  cluster=
}
trap 'stop_setup; rm -rf "$work"' EXIT
free_port() { /usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# serve NAME PORT STORE-FLAGS... : one server, waits until it listens.
serve() {
  local name=$1 port=$2
  shift 2
  "$allegra" serve --port "$port" "$@" --log-level warn --max-per-ip 100000 \
    --max-tables 10000000 --max-tables-per-ip 10000000 >"$work/$name.out" 2>"$work/$name.err" &
  pids+=($!)
  for _ in $(seq 1 200); do grep -q '^listening on' "$work/$name.out" 2>/dev/null && return; sleep 0.1; done
  cat "$work/$name.err" >&2
  echo "store_figures.sh: server $name did not start" >&2
  exit 1
}

# HAProxy on deploy/haproxy.cfg with its ports replaced (as tests/server/serve_proxy_test.cc does).
proxy() {  # proxy PORT PORT_A PORT_B
  sed -e "s/bind 127.0.0.1:8080/bind 127.0.0.1:$1/" -e "s/127.0.0.1:8081/127.0.0.1:$2/g" \
    -e "s/127.0.0.1:8082/127.0.0.1:$3/g" "$here/deploy/haproxy.cfg" >"$work/haproxy.cfg"
  haproxy -db -f "$work/haproxy.cfg" >"$work/haproxy.log" 2>&1 &
  pids+=($!)
  sleep 2  # the first health checks
}

# Starts SETUP; sets `port` (where the generator connects) and `servers` (the ports to scrape).
start_setup() {
  local setup=$1 a b url
  servers=()
  case $setup in
    sqlite)
      port=$(free_port)
      serve one "$port" --db "$work/one.sqlite"
      servers=("$port")
      ;;
    pg | pg2)
      cluster=$work/cluster
      url=$(bash "$here/scripts/pg-cluster.sh" start "$cluster" | tail -n 1)
      if [[ $setup == pg ]]; then
        port=$(free_port)
        serve one "$port" --store "$url"
        servers=("$port")
      else
        a=$(free_port) b=$(free_port) port=$(free_port)
        serve a "$a" --store "$url" --code-prefix A --trusted-proxy 127.0.0.1
        serve b "$b" --store "$url" --code-prefix B --trusted-proxy 127.0.0.1
        proxy "$port" "$a" "$b"
        servers=("$a" "$b")
      fi
      ;;
    sqlite2)
      a=$(free_port) b=$(free_port) port=$(free_port)
      serve a "$a" --db "$work/a.sqlite" --code-prefix A --trusted-proxy 127.0.0.1
      serve b "$b" --db "$work/b.sqlite" --code-prefix B --trusted-proxy 127.0.0.1
      proxy "$port" "$a" "$b"
      servers=("$a" "$b")
      ;;
    *) echo "store_figures.sh: unknown setup '$setup' (sqlite, sqlite2, pg, pg2)" >&2; exit 1 ;;
  esac
}

# The store's counters summed over the servers: "commits seconds".
store_counters() {
  local p
  for p in "${servers[@]}"; do curl -s "http://127.0.0.1:$p/metrics"; done |
    awk '$1 == "allegra_store_commits_total" {c += $2} $1 == "allegra_store_commit_seconds_total" {s += $2}
         END {printf "%d %.6f\n", c, s}'
}

# measure RUN SETUP PHASE TABLES PACE_MS: one loadtest, its result and the store's as one JSON line.
measure() {
  local run=$1 setup=$2 phase=$3 tables=$4 pace=$5 before after t0 t1
  before=$(store_counters)
  t0=$(date +%s.%N)
  "$allegra" loadtest --port "$port" --tables "$tables" --pace-ms "$pace" --seconds "$seconds" \
    --quiet --json >"$work/load.json" 2>"$work/load.err" || true
  t1=$(date +%s.%N)
  after=$(store_counters)
  /usr/bin/python3 - "$run" "$setup" "$phase" "$before" "$after" "$t0" "$t1" "$work/load.json" \
    "$work/load.err" "$results" <<'PY'
import json, os, sys
run, setup, phase, before, after, t0, t1, path, err, results = sys.argv[1:]
try:
    r = json.load(open(path))
except ValueError:
    r = {"error": open(err).read().strip()[-300:]}
(c0, s0), (c1, s1) = before.split(), after.split()
commits, secs = int(c1) - int(c0), float(s1) - float(s0)
r.update(run=int(run), setup=setup, phase=phase, commits=commits,
         commits_per_s=commits / (float(t1) - float(t0)),
         ms_per_commit=1000 * secs / commits if commits else 0.0,
         load_average=os.getloadavg()[0])
with open(results, "a") as out:
    out.write(json.dumps(r) + "\n")
lat = r.get("latency_ms", {})
nan = float("nan")
line = (f"run {run} {setup:<7} {phase:<10} tables {r.get('tables', '?'):>5} "
        f"actions/s {r.get('actions_per_s', 0):7.0f} p50 {lat.get('p50', nan):7.1f} ms "
        f"p99 {lat.get('p99', nan):7.1f} ms errors {r.get('errors', '?')} | commits/s "
        f"{r['commits_per_s']:6.0f} ms/commit {r['ms_per_commit']:6.2f} | load {r['load_average']:.1f}")
print(line + (" | " + r["error"] if "error" in r else ""), flush=True)
PY
}

echo "store_figures.sh: $(nproc) cores, runs $runs, $seconds s per phase, setups: $setups; $(uptime)"
for run in $(seq 1 "$runs"); do
  for setup in $setups; do
    start_setup "$setup"
    for t in $pace_tables; do
      # Through HAProxy at most ~2,200 tables here: it needs 2 files per connection, and one
      # process may open 20,000 (the container's hard limit).
      [[ $setup == *2 && $t -gt 2200 ]] && continue
      measure "$run" "$setup" "pace" "$t" 2000
    done
    [[ $fast_tables -gt 0 ]] && measure "$run" "$setup" "full-speed" "$fast_tables" 0
    stop_setup
  done
done

# The medians over the runs, per setup and phase.
/usr/bin/python3 - "$results" <<'PY'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
groups = {}
for r in rows:
    groups.setdefault((r["setup"], r["phase"], r.get("tables")), []).append(r)
med = lambda xs: statistics.median(xs) if xs else float("nan")
print("\nmedians over the runs (setup, phase, tables: actions/s, p99 ms, errors, commits/s, ms/commit, load)")
for (setup, phase, tables), rs in groups.items():
    p99 = [r["latency_ms"]["p99"] for r in rs if "latency_ms" in r]
    print(f"{setup:<7} {phase:<10} {tables!s:>5}: {med([r.get('actions_per_s', 0) for r in rs]):7.0f} "
          f"{med(p99):7.1f} {sum(r.get('errors', 1) for r in rs):3d} "
          f"{med([r['commits_per_s'] for r in rs]):6.0f} "
          f"{med([r['ms_per_commit'] or 0 for r in rs]):6.2f} "
          f"{med([r['load_average'] for r in rs]):5.1f}  (p99 of each run: {', '.join(f'{x:.0f}' for x in p99)})")
PY
