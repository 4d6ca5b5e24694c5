#!/usr/bin/env bash
# The allegra binary runs on the heap allocator it was configured with (CMake's ALLEGRA_MALLOC,
# docs/architecture.md "The heap"): a running `allegra serve` has gperftools' tcmalloc mapped
# when the build says tcmalloc, and no tcmalloc when it says system (the sanitizer builds).
# Usage: tests/cli/allocator_e2e.sh path/to/allegra tcmalloc|system
set -euo pipefail

allegra="${1:?usage: allocator_e2e.sh path/to/allegra tcmalloc|system}"
expected="${2:?usage: allocator_e2e.sh path/to/allegra tcmalloc|system}"
dir=$(mktemp -d "${TMPDIR:-/tmp}/allegra_alloc.XXXXXX")
server=""
trap '[[ -n $server ]] && kill "$server" 2>/dev/null; rm -rf "$dir"' EXIT

"$allegra" serve --port 0 --db "$dir/s.sqlite" --log-level warn >"$dir/out" 2>"$dir/err" &
server=$!
for _ in $(seq 1 300); do
  grep -q '^listening on' "$dir/out" && break
  kill -0 "$server" 2>/dev/null || { echo "allocator_e2e: serve exited: $(cat "$dir/err")"; exit 1; }
  sleep 0.1
done
grep -q '^listening on' "$dir/out" || { echo "allocator_e2e: serve did not start in 30 s"; exit 1; }

if grep -q 'libtcmalloc' "/proc/$server/maps"; then found=tcmalloc; else found=system; fi
if [[ $found != "$expected" ]]; then
  echo "allocator_e2e: FAIL: the server runs on $found's malloc, the build says $expected"
  exit 1
fi
echo "allocator_e2e: ok: allegra serve runs on $found's malloc"
