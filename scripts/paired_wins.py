#!/usr/bin/env python3
"""Paired difference of one lineup entry's win share between two `allegra sim` runs.

Why: two settings of a bot (e.g. `mcts:300it:rollout=v1` and `mcts:300it:rollout=v2`) played
with the same `--seed` get the same deals game by game, so comparing game g with game g removes
much of the luck of the deal from the difference (docs/strength.md, "Paired differences").

Usage: scripts/paired_wins.py A.jsonl B.jsonl [--entry I]
A and B are `allegra sim --record FILE` outputs (one game a line, in game order). The lineup
entry I (default 0) sits at seat (I + g) mod N in game g (docs/sim.md); its win share in a game
is 1/k if it is one of k winners, else 0. Prints both win shares over the games both runs
finished and the mean of B - A with its 95% interval (normal approximation).
"""
import argparse
import json
import math


def win_shares(path, entry):
    shares = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            record = json.loads(line)
            players = len(record["totals_half"])
            seat = (entry + len(shares)) % players
            winners = record["winners"]
            shares.append(1.0 / len(winners) if seat in winners else 0.0)
    return shares


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--entry", type=int, default=0)
    args = parser.parse_args()
    a = win_shares(args.a, args.entry)
    b = win_shares(args.b, args.entry)
    games = min(len(a), len(b))
    if games < 2:
        raise SystemExit("paired_wins: fewer than 2 games in common")
    diff = [b[g] - a[g] for g in range(games)]
    mean = sum(diff) / games
    sd = math.sqrt(sum((d - mean) ** 2 for d in diff) / (games - 1))
    half = 1.96 * sd / math.sqrt(games)
    print(f"{games} games: A {100 * sum(a[:games]) / games:.1f}%, "
          f"B {100 * sum(b[:games]) / games:.1f}%, "
          f"B - A {100 * mean:+.1f} points (95% interval ±{100 * half:.1f})")


if __name__ == "__main__":
    main()
