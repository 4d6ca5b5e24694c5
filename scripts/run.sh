#!/usr/bin/env bash
# Installs what is missing, builds the server (release preset) and the web client, and starts
# ALLEGRA in the browser: `allegra serve --web web/dist` on http://127.0.0.1:8080.
# Usage: bash scripts/run.sh                  the web game (open the printed URL)
#        bash scripts/run.sh --port 9000      the same on another port (any `allegra serve` flag)
#        bash scripts/run.sh --terminal       the terminal game instead: allegra play
#        bash scripts/run.sh play|sim|...     any other allegra command, as before
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

if [[ "${1:-}" == "--terminal" ]]; then
  shift
  exec build/release/allegra play "$@"
fi
if [[ $# -gt 0 && "$1" != -* ]]; then
  exec build/release/allegra "$@"
fi

if ! (cd web && npm run --silent build) >"build/web-build.log" 2>&1; then
  cat build/web-build.log >&2
  echo "run.sh: the web client's build failed (log: build/web-build.log)" >&2
  exit 1
fi

# The server prints its own "listening on http://HOST:PORT" line once it is ready.
host=127.0.0.1
port=8080
extra=()
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
  case "${args[i]}" in
    --host) host="${args[i + 1]:-$host}" ;;
    --port) port="${args[i + 1]:-$port}" ;;
  esac
done
[[ " $* " == *" --host "* ]] || extra+=(--host "$host")
[[ " $* " == *" --port "* ]] || extra+=(--port "$port")
[[ " $* " == *" --web "* ]] || extra+=(--web web/dist)
echo "ALLEGRA in the browser: open the http:// address of the \"listening on\" line below (Ctrl-C stops the server; the terminal game: bash scripts/run.sh --terminal)"
exec build/release/allegra serve "${extra[@]}" "$@"
