#!/usr/bin/env bash
# Instructions per unit of fixed work, counted by callgrind (docs/bench.md): independent of the
# machine's load, so the measure to compare two builds on a shared machine.
# Usage: bash scripts/count_instructions.sh [BUILD_DIR]   (default build/release, built first)
# Prints instructions per random 4-player round, per rollout-policy round and per MCTS
# iteration (scripts/count_instructions.cc says what each runs).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build="${1:-build/release}"
bin="$build/count_instructions"
nice -n 19 g++ -std=c++20 -O3 -DNDEBUG -Isrc scripts/count_instructions.cc \
  "$build/liballegra_bots.a" "$build/liballegra_engine.a" -lfmt -pthread -o "$bin"
count() {  # total instructions of one run
  local out
  out=$(mktemp)
  nice -n 19 valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" "$@" 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
  rm -f "$out"
}
per() {  # (count(mode, 2N) - count(mode, N)) / (N * units per item): setup cancels out
  local mode=$1 n=$2 units=$3 a b
  a=$(count "$mode" "$n")
  b=$(count "$mode" $((2 * n)))
  echo $(((b - a) / (n * units)))
}
echo "instructions per random 4-player round: $(per random 1000 1)"
echo "  the same, random_legal_action + apply: $(per random-pick 1000 1)"
echo "  the same, picking from the legal list: $(per random-list 1000 1)"
echo "instructions per rollout-policy round:  $(per policy 250 1)"
echo "instructions per MCTS iteration:        $(($(count mcts 12) / 12000))"
