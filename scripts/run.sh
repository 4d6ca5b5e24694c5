#!/usr/bin/env bash
# Builds the release preset (quietly) and runs the allegra CLI.
# Usage: bash scripts/run.sh [allegra args...]
# Without arguments runs: allegra play (you against three medium bots)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/setup.sh

mkdir -p build
log="build/run-build.log"
if ! { cmake --preset release && cmake --build --preset release --target allegra; } >"$log" 2>&1; then
  cat "$log" >&2
  echo "run.sh: release build failed (log: $log)" >&2
  exit 1
fi

if [[ $# -eq 0 ]]; then
  set -- play
fi
exec build/release/allegra "$@"
