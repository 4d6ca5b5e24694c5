#!/usr/bin/env bash
# Prints (NUL-separated) the tracked and untracked (non-ignored) C++ sources
# under src/ tests/ bench/ fuzz/. Shared helper for check-format.sh / format.sh.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

dirs=(src tests bench fuzz python/src)
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  specs=()
  for d in "${dirs[@]}"; do
    specs+=("$d/*.h" "$d/*.cc")
  done
  git ls-files -z --cached --others --exclude-standard -- "${specs[@]}" |
    while IFS= read -r -d '' f; do
      # Skip files deleted from the work tree but still in the index.
      [[ -f "$f" ]] && printf '%s\0' "$f"
    done
else
  existing=()
  for d in "${dirs[@]}"; do [[ -d "$d" ]] && existing+=("$d"); done
  [[ ${#existing[@]} -eq 0 ]] && exit 0
  find "${existing[@]}" -type f \( -name '*.h' -o -name '*.cc' \) -print0
fi
