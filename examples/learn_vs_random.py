"""A small agent that learns to beat `random` at ALLEGRA (docs/python.md, "The example").

The agent is a linear policy over features of each legal action, read from the observation
vector alone (allegra.observation_fields()): the action's type, and for a card placed into the
agent's display the points it saves (the cell's card, or the mean of the unseen cards if it is
face down, minus the placed card), whether the cell is face down, and how many equal face-up cards
already stand in its column and row (three make a line that is cleared); for a draw from the
discard pile, how the top card compares with the mean unseen card; for a take, the taken card.
Its score for an action is w . features(action); it plays the best legal action.

It learns w (23 numbers, all 0 at first: the first legal action) with the cross-entropy method:
each generation draws 16 candidates around the current mean, plays each in the same 64 games for
150 steps against three `random` bots (a VectorEnv, reward "score"; --train-against picks other
bots), and moves the mean to the best quarter. The fitness is minus the agent's own points per
finished round (low is good in ALLEGRA). After each generation the mean policy plays 100 fresh
games against three `random` and against three `greedy` bots; the curve (win rates by
generation) is written as CSV and as a PNG (python3-matplotlib). At the end it plays 1000 games
against each (parity: 25%). About a minute on the 2-core machine (docs/python.md has the figures).

    PYTHONPATH=build/release/python /usr/bin/python3 examples/learn_vs_random.py
    ... --smoke   # a few seconds: the CI check that the example still runs (ctest PythonExampleSmoke)
"""
import argparse
import csv
import time

import numpy as np

import allegra

# Offsets of the observation fields used (docs/python.md, "The observation").
F = {name: offset for name, offset, _, _ in allegra.observation_fields()}
VALUES = np.arange(-1, 12, dtype=np.float32)  # card values, one-hot order
TYPE_OFFSETS = [0, 72, 73, 74, 146, 147, 148, 149, 155, 156, 228, 300, 320, 321]
NUM_TYPES = 13
# The action type of every relative index.
INDEX_TYPE = np.repeat(np.arange(NUM_TYPES), np.diff(TYPE_OFFSETS))
# The agent's display: 15 cells (row r, display column d): column 0 is the left neighbour's
# (relative seat 1) grid column 3, columns 1-4 the agent's own grid columns 0-3. Cell ids are
# relative: owner*12 + row*4 + column.
DISPLAY = np.array([[12 + r * 4 + 3] + [r * 4 + c for c in range(4)] for r in range(3)])
DISPLAY_CELLS = DISPLAY.ravel()  # (15,), display cell k = r*5 + d
SWAP, TAKE, PUT = 74, 156, 228
NUM_FEATURES = NUM_TYPES + 10


def features(obs):
    """The action features of N observations (N, 534), as small arrays: placing the held card into
    each display cell (swap), placing the taken card (put), drawing from the discard pile, taking
    each card of another display (take). Every other action has only its type's weight."""
    n = obs.shape[0]
    cells = obs[:, : 6 * 12 * 5].reshape(n, 72, 5)
    up, down = cells[:, :, 0], cells[:, :, 1]
    value = np.rint(cells[:, :, 3] * 10)
    unseen = obs[:, F["unseen"] : F["unseen"] + 13] * 12
    mean = (unseen @ VALUES) / np.maximum(unseen.sum(axis=1), 1)
    held = obs[:, F["held"] + 1 : F["held"] + 14] @ VALUES  # 0 when no card is held
    taken = obs[:, F["taken"] + 2 : F["taken"] + 15] @ VALUES
    top = obs[:, F["discard_top"] + 1 : F["discard_top"] + 14] @ VALUES
    has_top = obs[:, F["discard_top"]]
    # The display: estimated points (face down: the mean unseen card), face-up values, masks.
    dv = value[:, DISPLAY_CELLS].reshape(n, 3, 5)
    dup = up[:, DISPLAY_CELLS].reshape(n, 3, 5) > 0
    ddown = down[:, DISPLAY_CELLS].reshape(n, 3, 5)
    est = np.where(dup, dv, np.where(ddown > 0, mean[:, None, None], 0.0))

    def placed(card):
        """(N, 15, 4): placing `card` (N,) into each display cell."""
        c = card[:, None, None]
        same = dup & (dv == c)
        col = same.sum(axis=1, keepdims=True) - same  # equal face-up cards in the column
        row = same.sum(axis=2, keepdims=True) - same
        f = np.stack([est - c, ddown, col == 2, row >= 2], axis=-1)
        return f.reshape(n, 15, 4).astype(np.float32)

    others = slice(12, 72)
    take = np.where(up[:, others] > 0, mean[:, None] - value[:, others], 0)
    return {"swap": placed(held), "put": placed(taken), "draw_discard": has_top * (mean - top),
            "take": take.astype(np.float32)}


def act(feat, mask, w):
    """The best legal action (relative index) of each game under weights w."""
    n = mask.shape[0]
    scores = np.broadcast_to(w[:NUM_TYPES][INDEX_TYPE], (n, allegra.NUM_ACTIONS)).copy()
    scores[:, SWAP + DISPLAY_CELLS] += feat["swap"] @ w[NUM_TYPES : NUM_TYPES + 4]
    scores[:, PUT + DISPLAY_CELLS] += feat["put"] @ w[NUM_TYPES + 4 : NUM_TYPES + 8]
    scores[:, 73] += feat["draw_discard"] * w[NUM_TYPES + 8]
    scores[:, TAKE + 12 : TAKE + 72] += feat["take"] * w[NUM_TYPES + 9]
    return np.where(mask, scores, -np.inf).argmax(axis=1).astype(np.int32)


def play(w, opponents, games, seed, num_envs, steps=None):
    """Plays policy w at seat 0. With `steps`: runs that many steps and returns the fitness (minus
    the agent's points per finished round: low is good in ALLEGRA). Else: the win share over the first
    `games` finished games (at most one per slot per pass) and the game count."""
    env = allegra.VectorEnv(num_envs, seats=[None] + opponents, seed=seed,
                            reward="score" if steps else "win")
    obs, mask = env.reset(seed)
    if steps:
        advantage, rounds = 0.0, 0
        for _ in range(steps):
            obs, mask, rewards, done = env.step(act(features(obs), mask, w))
            ended = rewards.any(axis=1)
            rounds += int(ended.sum())
            advantage += float(rewards[:, 0].sum())  # minus the agent's own round points / 10
        return 10 * advantage / max(rounds, 1)
    wins, finished = 0.0, 0
    while finished < games:
        obs, mask, rewards, done = env.step(act(features(obs), mask, w))
        for i in np.flatnonzero(done)[: games - finished]:
            wins += rewards[i, 0]
            finished += 1
    return wins / games, games


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generations", type=int, default=20)
    parser.add_argument("--population", type=int, default=16)
    parser.add_argument("--envs", type=int, default=64, help="games per fitness evaluation")
    parser.add_argument("--steps", type=int, default=150, help="steps per fitness evaluation")
    parser.add_argument("--train-against", default="random", help="the 3 bots of the fitness games")
    parser.add_argument("--curve-games", type=int, default=100)
    parser.add_argument("--final-games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="learning_curve", help="writes OUT.csv and OUT.png")
    parser.add_argument("--smoke", action="store_true", help="a tiny run, for CI")
    args = parser.parse_args()
    if args.smoke:
        args.generations, args.population, args.envs, args.steps = 2, 4, 8, 30
        args.curve_games, args.final_games = 8, 8

    rng = np.random.default_rng(args.seed)
    mean = np.zeros(NUM_FEATURES, np.float32)
    sigma = np.full(NUM_FEATURES, 1.0, np.float32)
    elite = max(2, args.population // 4)
    start = time.time()
    def point(gen):
        wins = [play(mean, [opp] * 3, args.curve_games, 900_000 + gen, args.curve_games)[0]
                for opp in ("random", "greedy")]
        curve.append((gen, time.time() - start, *wins))
        print(f"generation {gen:2d}  {time.time() - start:5.0f} s  win rate vs 3 random: "
              f"{wins[0]:.3f}, vs 3 greedy: {wins[1]:.3f}", flush=True)

    curve = []
    point(0)
    for gen in range(1, args.generations + 1):
        candidates = mean + sigma * rng.standard_normal((args.population, NUM_FEATURES))
        seed = 10_000 * gen  # the same games for every candidate of a generation
        fitness = [play(c.astype(np.float32), [args.train_against] * 3, 0, seed, args.envs,
                        args.steps) for c in candidates]
        best = candidates[np.argsort(fitness)[-elite:]]
        mean = best.mean(axis=0).astype(np.float32)
        sigma = (best.std(axis=0) + 0.05 * 0.9**gen).astype(np.float32)
        print(f"generation {gen:2d}: best fitness {max(fitness):+.2f} points/round", flush=True)
        point(gen)

    results = {}
    for opp in ("random", "greedy"):
        results[opp] = play(mean, [opp] * 3, args.final_games, 5_000_000, min(args.final_games, 250))
        print(f"final: {results[opp][0]:.3f} win rate in {results[opp][1]} games against 3 {opp} "
              f"bots (parity 0.25)", flush=True)
    print("weights:", " ".join(f"{x:.2f}" for x in mean))
    print(f"total {time.time() - start:.0f} s")

    with open(args.out + ".csv", "w", newline="") as f:
        out = csv.writer(f)
        out.writerow(["generation", "seconds", "win_rate_vs_random", "win_rate_vs_greedy"])
        out.writerows(curve)
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print(f"wrote {args.out}.csv (install python3-matplotlib for the PNG)")
        return
    fig, ax = plt.subplots(figsize=(6.4, 4))
    ax.plot([c[0] for c in curve], [c[2] for c in curve], marker="o", label="learner vs 3 random")
    ax.plot([c[0] for c in curve], [c[3] for c in curve], marker="s", label="learner vs 3 greedy")
    ax.axhline(0.25, color="grey", linestyle="--", label="parity (4 players)")
    ax.set_xlabel("generation (cross-entropy method)")
    ax.set_ylabel(f"win rate ({args.curve_games} games per point)")
    ax.set_ylim(0, 1)
    ax.set_title("ALLEGRA: a linear policy learning (cross-entropy method)")
    ax.legend(loc="center right")
    fig.tight_layout()
    fig.savefig(args.out + ".png", dpi=100)
    print(f"wrote {args.out}.csv and {args.out}.png")


if __name__ == "__main__":
    main()
