#!/usr/bin/env bash
# Runs all checks: setup, format check, debug (ASan+UBSan) configure/build/ctest, the
# release configure/build/ctest (every target, allegra_bench included), the web client
# (type check, unit tests, build, end-to-end tests in Debian's chromium against the release
# build's `allegra serve`), and the libFuzzer targets built with clang and run briefly on
# their corpora.
# Set ALLEGRA_BENCH_SMOKE=1 to also run allegra_bench briefly as a smoke test.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Each step says when it starts (seconds since the start of this script), so that a CI log
# shows where its time goes.
step() { printf '\n==== %s (at %d s) ====\n' "$*" "$SECONDS"; }

step "setup"
bash scripts/setup.sh

step "format check"
bash scripts/check-format.sh

# The steps of the debug and release workflows (CMakePresets.json), one by one so that the
# log times the builds and the test runs apart.
step "debug (g++, ASan+UBSan): configure, build"
cmake --preset debug
cmake --build --preset debug
step "debug: test"
ctest --preset debug

step "release (g++ -O3): configure, build everything"
cmake --preset release
cmake --build --preset release
step "release: test"
# Runs the suite again without sanitizers; there the conformance suite also round-trips the
# JSON of every state of its deep games (too slow under ASan) and plays twice as many games.
ctest --preset release

# The Python module installs with pip (docs/python.md): setup.py reuses the release build, and
# the installed copy imports from a scratch --target directory (Debian's pip refuses the system
# site-packages). The pytest suite itself ran in ctest above (PythonTests).
step "python: pip install into a scratch directory"
pip_target=$(mktemp -d)
ALLEGRA_BUILD_DIR="$PWD/build/release" /usr/bin/python3 -m pip install --no-build-isolation --root-user-action=ignore \
  --no-deps --quiet --target "$pip_target" .
(cd "$pip_target" && PYTHONPATH="$pip_target" /usr/bin/python3 -c \
  'import allegra, pathlib; s = allegra.Game().new_initial_state(1); assert s.legal_actions(); assert pathlib.Path(allegra.__file__).with_name("allegra.pyi").exists(); print("pip install: ok", allegra.__file__)')
rm -rf "$pip_target"

# The browser client (docs/web.md): web/node_modules comes from setup.sh (npm ci).
step "web: type check, unit tests, build"
(cd web && npm run --silent lint && npm test --silent && npm run --silent build && npm run --silent size)
step "web: end-to-end tests (chromium, real server)"
(cd web && ALLEGRA_BIN="$PWD/../build/release/allegra" npx playwright test)

step "fuzz targets (clang, libFuzzer): build, then a short run of each on its corpus"
cmake --preset fuzz
fuzzers=()
for src in fuzz/*.cc; do
  name=$(basename "$src" .cc)
  name=${name#fuzz_}
  fuzzers+=("fuzz_${name%_fuzz}")
done
cmake --build --preset fuzz --target "${fuzzers[@]}"
# Runs one target for 10 s (wall clock) on a scratch copy of its corpus (crash files go there too).
run_fuzzer() {
  local target=$1 corpus="fuzz/corpus/${1#fuzz_}" dict="fuzz/${1#fuzz_}.dict" work
  local args=(-max_total_time=10 -print_final_stats=0)
  [[ -f "$dict" ]] && args+=(-dict="$dict")
  work=$(mktemp -d)  # outside the repository
  mkdir "$work/corpus"
  [[ -d "$corpus" ]] && cp -r "$corpus/." "$work/corpus/"
  if ! "build/fuzz/fuzz/$target" "${args[@]}" -artifact_prefix="$work/" "$work/corpus" \
      >"$work/log" 2>&1; then
    tail -40 "$work/log"
    echo "test.sh: $target failed (crash input in $work)" >&2
    return 1
  fi
  echo "$target: 10 s without a crash"
  rm -rf "$work"
}
# Two at a time, one per core of the CI machine: each still runs its full 10 s.
for ((i = 0; i < ${#fuzzers[@]}; i += 2)); do
  pids=()
  for target in "${fuzzers[@]:i:2}"; do
    run_fuzzer "$target" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do
    wait "$pid" || exit 1
  done
done

if [[ "${ALLEGRA_BENCH_SMOKE:-0}" == "1" && -x build/release/allegra_bench ]]; then
  step "benchmark smoke test"
  timeout 300 build/release/allegra_bench --benchmark_min_time=0.01
fi

step "all checks passed"
