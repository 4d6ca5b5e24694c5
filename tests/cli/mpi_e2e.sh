#!/usr/bin/env bash
# End-to-end test of `allegra sim` and `allegra rate` across MPI ranks (src/cli/mpi_split.h):
# on 1, 2 and 3 ranks of this machine (oversubscribed: more ranks than cores is fine) the
# table, the --json object and the --record file are byte for byte those of one process with
# the same seed and games; the progress bar is drawn once (by rank 0); a bad argument gives one
# message and a non-zero exit; a failure on rank 0 in the middle of the run (its record file
# hits a size limit) stops every rank with one message instead of a hang.
# Usage: tests/cli/mpi_e2e.sh path/to/allegra     (exit 77 = skipped: mpirun is missing)
set -euo pipefail

allegra="${1:?usage: mpi_e2e.sh path/to/allegra}"
if ! command -v mpirun >/dev/null 2>&1; then
  echo "mpi_e2e: SKIPPED: mpirun is not installed (apt-get install openmpi-bin)"
  exit 77
fi
# As root (CI containers) OpenMPI wants this said twice; -q keeps mpirun's own notices about a
# non-zero exit out of stderr, so that the test sees only allegra's.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpi() {
  local n=$1
  shift
  timeout 120 mpirun -q -n "$n" --oversubscribe "$@"
}

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() {
  echo "mpi_e2e: FAILED: $*" >&2
  exit 1
}

sim=(sim --seats easy,greedy,random --games 40 --seed 7 --no-progress)
rate=(rate --bots random,greedy,easy --players 3 --games 30 --seed 5 --bootstrap 20 --no-progress)

# --json carries every figure at full precision, so equal JSON means an equal result; the
# tables (the same result printed another way) are compared on 3 ranks.
"$allegra" "${sim[@]}" --json --record "$work/one.jsonl" >"$work/sim-json.one"
"$allegra" "${rate[@]}" --json >"$work/rate-json.one"
"$allegra" "${sim[@]}" >"$work/sim.one"
"$allegra" "${rate[@]}" >"$work/rate.one"
[[ -s "$work/sim.one" && -s "$work/one.jsonl" && -s "$work/rate-json.one" ]] ||
  fail "a one-process run printed nothing"

for n in 1 2 3; do
  mpi "$n" "$allegra" "${sim[@]}" --json --record "$work/$n.jsonl" >"$work/sim-json.$n" ||
    fail "sim --json on $n ranks exited with $?"
  cmp "$work/sim-json.one" "$work/sim-json.$n" || fail "sim --json on $n ranks differs"
  cmp "$work/one.jsonl" "$work/$n.jsonl" || fail "sim on $n ranks wrote other records"
  mpi "$n" "$allegra" "${rate[@]}" --json >"$work/rate-json.$n" ||
    fail "rate --json on $n ranks exited with $?"
  cmp "$work/rate-json.one" "$work/rate-json.$n" || fail "rate --json on $n ranks differs"
done
mpi 3 "$allegra" "${sim[@]}" >"$work/sim.3" || fail "sim on 3 ranks exited with $?"
cmp "$work/sim.one" "$work/sim.3" || fail "sim on 3 ranks printed another table"
mpi 3 "$allegra" "${rate[@]}" >"$work/rate.3" || fail "rate on 3 ranks exited with $?"
cmp "$work/rate.one" "$work/rate.3" || fail "rate on 3 ranks printed another table"
echo "mpi_e2e: sim and rate on 1, 2 and 3 ranks print what one process prints"

# The progress bar: one line on stderr, from rank 0 alone.
mpi 3 "$allegra" sim --seats easy,greedy --games 20 >/dev/null 2>"$work/progress" ||
  fail "sim with a progress bar on 3 ranks"
[[ "$(tr '\r' '\n' <"$work/progress" | grep -c 'games')" -ge 1 &&
  "$(wc -l <"$work/progress")" -eq 1 && "$(grep -o 'done in' "$work/progress" | wc -l)" -eq 1 ]] ||
  fail "the progress bar on 3 ranks was not drawn once: $(cat -v "$work/progress")"

# A bad argument: one message, exit 2 (every rank parses it; rank 0 alone speaks).
status=0
mpi 3 "$allegra" sim --seats easy,bogus --games 5 >/dev/null 2>"$work/bad" || status=$?
[[ $status -ne 0 ]] || fail "a bad bot spec on 3 ranks exited with 0"
[[ "$(grep -c 'allegra: error: --seats: unknown bot' "$work/bad")" -eq 1 &&
  "$(wc -l <"$work/bad")" -eq 1 ]] || fail "a bad bot spec on 3 ranks said: $(cat "$work/bad")"

# Rank 0 fails in the middle of the run: its record file may not grow past 64 KB (SIGXFSZ
# ignored, so the write fails with EFBIG). The other ranks must stop too, long before their
# 20,000 games. TCP on the loopback between the ranks (a container may have no other
# interface): the size limit would also stop OpenMPI's shared-memory transport, which sizes its
# files with ftruncate.
status=0
SECONDS=0
mpi 3 --mca btl self,tcp --mca btl_tcp_if_include lo bash -c "ulimit -f 64; trap '' XFSZ; exec '$allegra' sim \
  --seats easy,greedy --games 20000 --no-progress --record '$work/big.jsonl'" \
  >/dev/null 2>"$work/midrun" || status=$?
[[ $status -ne 0 ]] || fail "a failed record write on rank 0 exited with 0"
[[ "$(grep -c "allegra: error: cannot write record file" "$work/midrun")" -eq 1 &&
  "$(wc -l <"$work/midrun")" -eq 1 ]] || fail "a failed record write said: $(cat "$work/midrun")"
((SECONDS < 60)) || fail "the ranks took ${SECONDS} s to stop after rank 0 failed"
echo "mpi_e2e: a bad argument and a failure on rank 0 give one message and exit $status"
