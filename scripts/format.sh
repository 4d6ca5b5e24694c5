#!/usr/bin/env bash
# Formats all C++ files under src/ tests/ bench/ fuzz/ in place.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
CLANG_FORMAT="${CLANG_FORMAT:-clang-format}"

files=()
while IFS= read -r -d '' f; do files+=("$f"); done < <(bash scripts/format-files.sh)
if [[ ${#files[@]} -eq 0 ]]; then
  exit 0
fi
"$CLANG_FORMAT" -i "${files[@]}"
echo "format: formatted ${#files[@]} file(s)"
