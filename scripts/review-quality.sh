#!/usr/bin/env bash
# How far the review's values are from a 10x larger search (docs/strength.md "The game review
# against a 10x search"): reviews player 0's decisions of GAMES one-round games of four expert
# bots at LEVEL and with 10 times its samples (another seed), and prints how often the best
# choice agrees and the mean error of the values and of the points lost.
#   bash scripts/review-quality.sh [GAMES=2] [LEVEL=hard] [THREADS=2]
set -euo pipefail
GAMES=${1:-2}
LEVEL=${2:-hard}
THREADS=${3:-2}
BIN=${ALLEGRA_BIN:-build/release/allegra}
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
case "$LEVEL" in hard) BIG=640 ;; expert) BIG=2560 ;; *) echo "level: hard or expert" >&2; exit 2 ;; esac
"$BIN" sim --seats expert,expert,expert,expert --games "$GAMES" --seed 202 --rounds 1 \
  --record "$DIR/games.jsonl" >/dev/null
for ((g = 1; g <= GAMES; g++)); do
  "$BIN" review "$DIR/games.jsonl" --game "$g" --player 0 --level "$LEVEL" --threads "$THREADS" \
    --json >"$DIR/small$g.json"
  "$BIN" review "$DIR/games.jsonl" --game "$g" --player 0 --samples "$BIG" --seed 99 \
    --threads "$THREADS" --json >"$DIR/big$g.json"
done
python3 - "$DIR" "$GAMES" <<'PY'
import json, sys
d, games = sys.argv[1], int(sys.argv[2])
n = agree = label_agree = 0
value_err = loss_err = chosen_loss_err = 0.0
values = 0
for g in range(1, games + 1):
    small = json.load(open(f"{d}/small{g}.json"))["decisions"]
    big = json.load(open(f"{d}/big{g}.json"))["decisions"]
    for a, b in zip(small, big):
        assert a["index"] == b["index"]
        n += 1
        agree += a["best"] == b["best"]
        label_agree += a["label"] == b["label"]
        chosen_loss_err += abs(a["loss"] - b["loss"])
        bv = {c["action"]: c for c in b["choices"]}
        for c in a["choices"]:
            value_err += abs(c["expected"] - bv[c["action"]]["expected"])
            loss_err += abs(c["loss"] - bv[c["action"]]["loss"])
            values += 1
print(f"{n} decisions of player 0 in {games} one-round games of four expert bots")
print(f"best choice agrees with the 10x search: {agree / n:.1%}; label agrees: {label_agree / n:.1%}")
print(f"mean |value error| {value_err / values:.2f} points over {values} choices; "
      f"mean |loss error| {loss_err / values:.2f}; of the choice made {chosen_loss_err / n:.2f}")
PY
