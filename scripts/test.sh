#!/usr/bin/env bash
# Runs all checks: setup, format check, the debug (ASan+UBSan) build with every test, the
# release build (every target, allegra_bench included) with the tests that play more games or
# run only at full speed, the web client (type check, unit tests, build, end-to-end tests in
# Debian's chromium against the release build's `allegra serve`), and the libFuzzer targets
# built with clang and run briefly on their corpora.
# Set ALLEGRA_BENCH_SMOKE=1 to also run allegra_bench briefly as a smoke test.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Each step says when it starts (seconds since the start of this script), so that a CI log
# shows where its time goes.
step() { printf '\n==== %s (at %d s) ====\n' "$*" "$SECONDS"; }

# The release and fuzz builds run in the background at the lowest priority while tests run in
# the foreground: the tests wait for processes, sockets, tmux and the browser much of the
# time, and a build at nice 19 takes only what they leave (about 1.5% of a core when both want
# it, see background() for the autogroup), so their timing does not change. Each background build writes to a log that is shown
# when the script waits for it (docs/architecture.md, "Build times and CI").
bg_logs=$(mktemp -d)
bg_pids=()
stop_background() {
  local pid
  for pid in "${bg_pids[@]}"; do kill -- "-$pid" 2>/dev/null || true; done
  rm -rf "$bg_logs"
}
trap stop_background EXIT
# background NAME COMMAND...: runs COMMAND at nice 19 in its own session (so that it can be
# stopped as a whole). A new session is a new scheduler autogroup where Linux has them
# (/proc/sys/kernel/sched_autogroup_enabled), and autogroups share the CPU equally whatever
# their processes' nice values: the first try of this gave the build half the machine and a
# load test under ASan timed out. So the session's autogroup is set to nice 19 as well.
declare -A bg_pid_of
background() {
  local name=$1
  shift
  printf '(%s starts in the background at %d s)\n' "$name" "$SECONDS"
  setsid bash -c '{ echo 19 >/proc/self/autogroup; } 2>/dev/null; exec nice -n 19 "$@"' bash "$@" \
    >"$bg_logs/$name.log" 2>&1 &
  bg_pid_of[$name]=$!
  bg_pids+=($!)
}
# finish NAME: waits for the background job NAME and shows its log; fails if it failed.
finish() {
  local name=$1 rc=0
  wait "${bg_pid_of[$name]}" || rc=$?
  cat "$bg_logs/$name.log"
  if ((rc != 0)); then
    echo "test.sh: $name failed (exit $rc)" >&2
    exit "$rc"
  fi
  printf '(%s finished by %d s)\n' "$name" "$SECONDS"
}

step "setup"
bash scripts/setup.sh

step "format check"
bash scripts/check-format.sh

# The steps of the debug and release workflows (CMakePresets.json), one by one so that the
# log times the builds and the test runs apart.
step "debug (g++, ASan+UBSan): configure, build"
cmake --preset debug
cmake --build --preset debug

# The release pass runs again only what the sanitizer build cannot run at its full size:
# ALLEGRA_TEST_SET=heavy (CMakeLists.txt), and it is a unity build here, as the debug one
# (docs/architecture.md, "Build times and CI"). A later `cmake --preset release` builds all
# tests again, from separate sources.
step "release: configure; its build in the background, while the debug tests run"
cmake --preset release -DALLEGRA_TEST_SET=heavy -DCMAKE_UNITY_BUILD=ON
background release-build cmake --build --preset release
step "debug: test"
ctest --preset debug

step "release (g++ -O3): build everything (waits for the background build)"
finish release-build
# The fuzz targets (clang, libFuzzer) build in the background while the release tests, the Python
# install and the web client run.
fuzzers=()
for src in fuzz/*.cc; do
  name=$(basename "$src" .cc)
  name=${name#fuzz_}
  fuzzers+=("fuzz_${name%_fuzz}")
done
step "fuzz targets: configure; their build in the background"
cmake --preset fuzz
background fuzz-build cmake --build --preset fuzz --target "${fuzzers[@]}"

step "release: test"
# The engine, bots and simulator suites again without sanitizers: there the conformance suite
# also round-trips the JSON of every state of its deep games (too slow under ASan), and the
# suites play more games; the bot-strength matches, the Python tests, the tmux scripts and the
# load test run here.
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
step "web: the delta frames of whole games (tests/server/delta_frames_test.cc) replayed by the web client"
pairs=$(mktemp)
ALLEGRA_DELTA_PAIRS=$pairs build/release/allegra_tests --gtest_filter='EveryPlayerCount/DeltaFramesTest.*' >/dev/null
(cd web && ALLEGRA_DELTA_PAIRS=$pairs npx vitest run src/state/delta.test.ts)
rm -f "$pairs"
step "web: the skill ratings of recorded games (tests/rating/openskill_pairs_test.cc) against npm openskill"
games=$(mktemp)
ALLEGRA_SKILL_GAMES=$games build/release/allegra_tests --gtest_filter='OpenskillPairsTest.*' >/dev/null
(cd web && ALLEGRA_SKILL_GAMES=$games npx vitest run src/rating/skill.test.ts)
rm -f "$games"
step "web: end-to-end tests (chromium, real server)"
# A test that fails runs once more (Playwright's own retry, as its CI template does): the games
# against bots are not seeded from the page, so a test's path through a game varies from run to
# run. One that passes only the second time is listed as "flaky" and named below, to be fixed.
e2e_log=$(mktemp)
(cd web && ALLEGRA_BIN="$PWD/../build/release/allegra" npx playwright test --retries=1) 2>&1 | tee "$e2e_log"
if grep -q "flaky" "$e2e_log"; then
  echo "WARNING: e2e tests that passed only when run again (fix them):"
  grep -A20 -E "^ +[0-9]+ flaky" "$e2e_log" | grep -E "e2e/" || true
fi
rm -f "$e2e_log"

step "fuzz targets (clang, libFuzzer): build (waits for the background build), then a short run of each on its corpus"
finish fuzz-build
# Runs one target for 5 s (wall clock) on a scratch copy of its corpus (crash files go there too).
run_fuzzer() {
  local target=$1 corpus="fuzz/corpus/${1#fuzz_}" dict="fuzz/${1#fuzz_}.dict" work
  local args=(-max_total_time=5 -print_final_stats=0)
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
  echo "$target: 5 s without a crash"
  rm -rf "$work"
}
# Two at a time, one per core of the CI machine: each still runs its full 5 s.
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
