#!/usr/bin/env bash
# The learned value's pipeline end to end on a tiny data set (a few seconds), so that it cannot
# rot: `allegra valuedata` -> training/train_value.py (PyTorch) -> the weights file -> loaded by
# the C++ inference, which recomputes the check rows PyTorch saved (within 1e-5).
# Usage: train_smoke.sh <allegra> <allegra_tests> <scratch folder>
set -euo pipefail
allegra="$1"
tests="$2"
out="$3/value_smoke"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
mkdir -p "$out"
if ! /usr/bin/python3 -c 'import torch' 2>/dev/null; then
  echo "train_smoke.sh: /usr/bin/python3 has no torch: run scripts/setup.sh (python3-torch)" >&2
  exit 1
fi
/usr/bin/python3 "$root/training/train_value.py" --smoke --allegra "$allegra" --threads 1 \
  --out "$out/weights.txt"
grep -q '^check 16$' "$out/weights.txt"
ALLEGRA_VALUE_WEIGHTS="$out/weights.txt" "$tests" \
  --gtest_filter='ValueNet.FileFromTheEnvironmentMatchesPyTorch' --gtest_brief=1 |
  tee "$out/gtest.log"
grep -q '1 test.* PASSED\|PASSED.*1 test' "$out/gtest.log"
