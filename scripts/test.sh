#!/usr/bin/env bash
# Runs all checks: setup, format check, debug (ASan+UBSan) configure/build/ctest,
# then a release build of every target (including allegra_bench).
# Set ALLEGRA_BENCH_SMOKE=1 to also run allegra_bench briefly as a smoke test.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

step() { printf '\n==== %s ====\n' "$*"; }

step "setup"
bash scripts/setup.sh

step "format check"
bash scripts/check-format.sh

step "debug workflow (g++, ASan+UBSan): configure, build, test"
cmake --workflow --preset debug

step "release build"
cmake --preset release
cmake --build --preset release

if [[ "${ALLEGRA_BENCH_SMOKE:-0}" == "1" && -x build/release/allegra_bench ]]; then
  step "benchmark smoke test"
  timeout 300 build/release/allegra_bench --benchmark_min_time=0.01
fi

step "all checks passed"
