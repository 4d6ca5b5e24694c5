"""A small agent that learns to beat `random` at ALLEGRA (docs/python.md, "The example").

A linear softmax policy over the observation (numpy only), trained with REINFORCE on the
VectorEnv: one learner against three `random` bots in 256 games at once, reward "score" (minus
each round's points / 10), a running-mean baseline. Every few updates it plays evaluation games
with the greedy policy and prints the learner's win rate (parity: 25%); the curve is written as
CSV and, if matplotlib is installed (python3-matplotlib), as a PNG.

    PYTHONPATH=build/release/python /usr/bin/python3 examples/learn_vs_random.py --minutes 3
"""
import argparse
import csv
import time

import numpy as np

import allegra


def softmax_masked(logits, mask):
    logits = np.where(mask, logits, -1e9)
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits) * mask
    return p / p.sum(axis=1, keepdims=True)


def sample(p, rng):
    u = rng.random((p.shape[0], 1))
    return np.minimum((p.cumsum(axis=1) < u).sum(axis=1), p.shape[1] - 1).astype(np.int32)


def evaluate(w, b, games, seed, opponents):
    """Win share of the greedy (argmax) policy at seat 0 over `games` games."""
    env = allegra.VectorEnv(games, seats=[None] + opponents, seed=seed)
    obs, mask = env.reset(seed)
    wins = np.zeros(games)
    finished = np.zeros(games, bool)
    while not finished.all():
        logits = obs @ w + b
        actions = np.where(mask, logits, -1e9).argmax(axis=1).astype(np.int32)
        obs, mask, rewards, done = env.step(actions)
        new = done & ~finished
        wins[new] = rewards[new, 0]
        finished |= done
    return wins.mean()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--envs", type=int, default=128)
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--out", default="learning_curve")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    opponents = ["random"] * 3
    env = allegra.VectorEnv(args.envs, seats=[None] + opponents, seed=args.seed, reward="score")
    obs, mask = env.reset(args.seed)
    w = np.zeros((allegra.OBSERVATION_SIZE, allegra.NUM_ACTIONS), np.float32)
    b = np.zeros(allegra.NUM_ACTIONS, np.float32)
    # Per game: the (obs, action, probabilities) of the learner's decisions since the last reward.
    horizon = 32
    curve = []
    baseline = 0.0
    start = time.time()
    update = 0
    while time.time() - start < args.minutes * 60:
        batch_obs, batch_act, batch_p, batch_ret = [], [], [], []
        ret = np.zeros((horizon, args.envs), np.float32)
        steps = []
        for t in range(horizon):
            o = obs.copy()
            p = softmax_masked(o @ w + b, mask)
            a = sample(p, rng)
            obs, mask, rewards, done = env.step(a)
            steps.append((o, a, p))
            ret[t] = rewards[:, 0]
        # Returns to go within the window (rounds end often enough for the score reward).
        g = np.zeros(args.envs, np.float32)
        for t in reversed(range(horizon)):
            g = ret[t] + 0.99 * g
            ret[t] = g
        baseline = 0.9 * baseline + 0.1 * float(ret.mean())
        grad_w = np.zeros_like(w)
        grad_b = np.zeros_like(b)
        for t, (o, a, p) in enumerate(steps):
            adv = ret[t] - baseline
            dlogits = -p
            dlogits[np.arange(args.envs), a] += 1.0
            dlogits *= adv[:, None]
            grad_w += o.T @ dlogits
            grad_b += dlogits.sum(axis=0)
        scale = args.lr / (horizon * args.envs)
        w += scale * grad_w
        b += scale * grad_b
        update += 1
        if update % 10 == 0 or update == 1:
            win = evaluate(w, b, 100, 10_000 + update, opponents)
            elapsed = time.time() - start
            curve.append((update, elapsed, win))
            print(f"update {update:5d}  {elapsed:6.0f} s  win rate vs random {win:.3f}", flush=True)

    with open(args.out + ".csv", "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["update", "seconds", "win_rate_vs_random"])
        writer.writerows(curve)
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print(f"wrote {args.out}.csv (install python3-matplotlib for the PNG)")
        return
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.plot([c[0] for c in curve], [c[2] for c in curve], label="learner")
    ax.axhline(0.25, color="grey", linestyle="--", label="parity (4 players)")
    ax.set_xlabel("update")
    ax.set_ylabel("win rate vs 3 random bots")
    ax.legend()
    fig.tight_layout()
    fig.savefig(args.out + ".png", dpi=100)
    print(f"wrote {args.out}.csv and {args.out}.png")


if __name__ == "__main__":
    main()
