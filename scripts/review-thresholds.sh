#!/usr/bin/env bash
# The data behind the review's label thresholds (docs/review.md "Where the thresholds come from"):
# plays GAMES games of four expert bots (3 rounds), reviews every decision at LEVEL and prints
# the distribution of the points lost (percentiles), from which src/review/review.h's defaults
# were chosen.
#   bash scripts/review-thresholds.sh [GAMES=12] [LEVEL=hard] [THREADS=2]
set -euo pipefail
GAMES=${1:-12}
LEVEL=${2:-hard}
THREADS=${3:-2}
BIN=${ALLEGRA_BIN:-build/release/allegra}
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
"$BIN" sim --seats expert,expert,expert,expert --games "$GAMES" --seed 101 --rounds 3 \
  --record "$DIR/games.jsonl" >/dev/null
for ((g = 1; g <= GAMES; g++)); do
  "$BIN" review "$DIR/games.jsonl" --game "$g" --level "$LEVEL" --threads "$THREADS" --json \
    >"$DIR/review$g.json"
done
python3 - "$DIR" "$GAMES" <<'PY'
import json, sys
d, games = sys.argv[1], int(sys.argv[2])
losses = []
for g in range(1, games + 1):
    r = json.load(open(f"{d}/review{g}.json"))
    losses += [x["loss"] for x in r["decisions"]]
losses.sort()
n = len(losses)
print(f"{n} decisions with a choice in {games} games of four expert bots")
for p in (50, 60, 70, 80, 85, 90, 95, 97, 98, 99, 99.5):
    print(f"p{p}: {losses[min(n - 1, int(p / 100 * n))]:.2f} points")
print(f"mean loss {sum(losses) / n:.2f} points, share 0: {sum(1 for x in losses if x == 0) / n:.1%}")
PY
