#!/usr/bin/env bash
# Fails (exit 1) listing every C++ file that is not clang-formatted.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
CLANG_FORMAT="${CLANG_FORMAT:-clang-format}"

files=()
while IFS= read -r -d '' f; do files+=("$f"); done < <(bash scripts/format-files.sh)

if [[ ${#files[@]} -eq 0 ]]; then
  echo "check-format: no C++ files found"
  exit 0
fi

bad=()
for f in "${files[@]}"; do
  if ! "$CLANG_FORMAT" --dry-run -Werror "$f" >/dev/null 2>&1; then
    bad+=("$f")
  fi
done

if [[ ${#bad[@]} -ne 0 ]]; then
  echo "check-format: ${#bad[@]} file(s) need formatting (run: bash scripts/format.sh):" >&2
  printf '  %s\n' "${bad[@]}" >&2
  exit 1
fi
echo "check-format: ${#files[@]} file(s) OK"
