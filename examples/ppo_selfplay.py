"""PPO self-play at ALLEGRA from the raw observation, with torch (docs/python.md, "RL example").

A policy network (an MLP over the 534 floats of the observation, with a value head) plays every
seat of a self-play VectorEnv (reward "score": minus each round's points/10, so each seat learns
to keep its own points low). Illegal actions are masked out of the logits. Every update gathers
`--rollout` steps of `--envs` games and runs PPO (clipped ratio, GAE, value loss, entropy bonus).
A seat's transition gets the rewards that reach it until its next decision; the games are
interleaved, so each (game, seat) chain is followed through the flat rollout. Chains still open at
the end of a rollout bootstrap from their own value estimate.

Every `--eval-every` seconds of training the policy plays (greedy argmax) `--eval-games` games
against three `random` and three `greedy` bots (parity: 25% in 4-player games); the curve goes to
CSV and PNG (python3-matplotlib). At the end it plays `--final-games` against each, and prints the
win rates with their 95% intervals.

    PYTHONPATH=build/release/python /usr/bin/python3 examples/ppo_selfplay.py --minutes 10
    ... --smoke   # about a minute: the CI check that the example still runs (ctest PythonRLSmoke)

Needs the Debian package python3-torch (scripts/setup.sh).
"""
import argparse
import csv
import math
import os
import time

import numpy as np
import torch
from torch import nn

import allegra


class Policy(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(allegra.OBSERVATION_SIZE, hidden),
            nn.Tanh(),
            nn.Linear(hidden, hidden),
            nn.Tanh(),
        )
        self.logits = nn.Linear(hidden, allegra.NUM_ACTIONS)
        self.value = nn.Linear(hidden, 1)
        nn.init.orthogonal_(self.logits.weight, 0.01)
        nn.init.zeros_(self.logits.bias)

    def forward(self, obs, mask):
        h = self.body(obs)
        logits = self.logits(h).masked_fill(~mask, -1e9)
        return logits, self.value(h).squeeze(-1)


def wilson(wins, n):
    """The 95% Wilson interval of a rate."""
    if n == 0:
        return 0.0, 1.0
    z, p = 1.96, wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


@torch.no_grad()
def evaluate(policy, opponent, games, players, seed):
    """Win share of the policy (seat 0, argmax) against players-1 `opponent` bots."""
    # One game per slot, each slot's first game only (no bias towards short games).
    env = allegra.VectorEnv(games, seats=[None] + [opponent] * (players - 1), seed=seed)
    obs, mask = env.reset(seed)
    wins, counted = 0.0, np.zeros(games, bool)
    while not counted.all():
        logits, _ = policy(torch.from_numpy(np.array(obs)), torch.from_numpy(np.array(mask)))
        actions = logits.argmax(dim=1).numpy().astype(np.int32)
        obs, mask, rewards, done = env.step(actions)
        first = np.array(done) & ~counted
        wins += float(np.array(rewards)[first, 0].sum())  # reward "win": 1/k per winner
        counted |= first
    return wins / games


def rollout(env, policy, obs, mask, steps):
    """`steps` self-play steps of every game; returns the flat batch and the next obs/mask."""
    n, players = env.num_envs, env.players
    size = steps * n
    b_obs = np.empty((size, allegra.OBSERVATION_SIZE), np.float32)
    b_mask = np.empty((size, allegra.NUM_ACTIONS), bool)
    b_act = np.empty(size, np.int64)
    b_logp = np.empty(size, np.float32)
    b_val = np.empty(size, np.float32)
    b_rew = np.zeros(size, np.float32)
    b_next = np.full(size, -1, np.int64)  # the same seat's next transition in the same game
    b_term = np.zeros(size, bool)
    last = np.full((n, players), -1, np.int64)
    rows = np.arange(n)
    with torch.no_grad():
        for t in range(steps):
            idx = t * n + rows
            seat = np.array(env.current_player)
            b_obs[idx] = obs
            b_mask[idx] = mask
            logits, value = policy(torch.from_numpy(b_obs[idx]), torch.from_numpy(b_mask[idx]))
            dist = torch.distributions.Categorical(logits=logits)
            action = dist.sample()
            b_act[idx] = action.numpy()
            b_logp[idx] = dist.log_prob(action).numpy()
            b_val[idx] = value.numpy()
            prev = last[rows, seat]
            b_next[prev[prev >= 0]] = idx[prev >= 0]
            last[rows, seat] = idx
            obs, mask, rewards, done = env.step(action.numpy().astype(np.int32))
            gi, gp = np.nonzero(rewards)
            owner = last[gi, gp]
            np.add.at(b_rew, owner[owner >= 0], rewards[gi, gp][owner >= 0])
            for i in np.flatnonzero(done):
                ended = last[i][last[i] >= 0]
                b_term[ended] = True
                last[i] = -1
    batch = dict(obs=b_obs, mask=b_mask, act=b_act, logp=b_logp, val=b_val, rew=b_rew,
                 next=b_next, term=b_term)
    return batch, obs, mask


def advantages(batch, gamma, lam):
    """GAE along each (game, seat) chain, walked backwards through the flat rollout."""
    size = len(batch["rew"])
    adv = np.zeros(size, np.float32)
    val, nxt, term, rew = batch["val"], batch["next"], batch["term"], batch["rew"]
    for k in range(size - 1, -1, -1):
        if term[k]:
            next_value, next_adv = 0.0, 0.0
        elif nxt[k] >= 0:
            next_value, next_adv = val[nxt[k]], adv[nxt[k]]
        else:  # open at the end of the rollout: bootstrap from its own estimate
            next_value, next_adv = val[k], 0.0
        delta = rew[k] + gamma * next_value - val[k]
        adv[k] = delta + gamma * lam * next_adv
    return adv, adv + val


def ppo_update(policy, optimiser, batch, adv, ret, args):
    obs = torch.from_numpy(batch["obs"])
    mask = torch.from_numpy(batch["mask"])
    act = torch.from_numpy(batch["act"])
    old_logp = torch.from_numpy(batch["logp"])
    adv_t = torch.from_numpy(adv)
    adv_t = (adv_t - adv_t.mean()) / (adv_t.std() + 1e-8)
    ret_t = torch.from_numpy(ret)
    size = len(act)
    for _ in range(args.epochs):
        order = torch.randperm(size)
        for start in range(0, size, args.minibatch):
            mb = order[start : start + args.minibatch]
            logits, value = policy(obs[mb], mask[mb])
            dist = torch.distributions.Categorical(logits=logits)
            ratio = torch.exp(dist.log_prob(act[mb]) - old_logp[mb])
            surrogate = torch.min(ratio * adv_t[mb],
                                  ratio.clamp(1 - args.clip, 1 + args.clip) * adv_t[mb])
            loss = (-surrogate.mean() + 0.5 * (value - ret_t[mb]).pow(2).mean()
                    - args.entropy * dist.entropy().mean())
            optimiser.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            optimiser.step()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="training time (wall)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--envs", type=int, default=128)
    parser.add_argument("--rollout", type=int, default=16, help="steps per game per update")
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--minibatch", type=int, default=1024)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--gamma", type=float, default=0.995)
    parser.add_argument("--lam", type=float, default=0.95)
    parser.add_argument("--eval-every", type=float, default=120.0, help="seconds of training")
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--final-games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="ppo_selfplay", help="prefix of the CSV, PNG, model")
    parser.add_argument("--smoke", action="store_true", help="a one-minute run (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.minutes, args.eval_every, args.eval_games, args.final_games = 0.5, 15.0, 20, 40
        args.envs, args.rollout = 32, 32

    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    policy = Policy(args.hidden)
    optimiser = torch.optim.Adam(policy.parameters(), lr=args.lr)
    env = allegra.VectorEnv(args.envs, seed=args.seed * 1_000_003, players=args.players,
                            reward="score")
    obs, mask = env.reset(args.seed * 1_000_003)
    curve = []
    decisions, trained, next_eval = 0, 0.0, 0.0
    eval_seed = 10_000_000

    def record_point():
        point = dict(seconds=round(trained, 1), decisions=decisions)
        for opponent in ("random", "greedy"):
            point[opponent] = evaluate(policy, opponent, args.eval_games, args.players, eval_seed)
        curve.append(point)
        print(f"{point['seconds']:7.1f}s {decisions:>10} decisions  vs random "
              f"{point['random']:.1%}  vs greedy {point['greedy']:.1%}", flush=True)

    while True:
        if trained >= next_eval:
            record_point()
            next_eval += args.eval_every
        if trained >= args.minutes * 60:
            break
        start = time.monotonic()
        batch, obs, mask = rollout(env, policy, obs, mask, args.rollout)
        adv, ret = advantages(batch, args.gamma, args.lam)
        ppo_update(policy, optimiser, batch, adv, ret, args)
        decisions += len(batch["act"])
        trained += time.monotonic() - start

    with open(args.out + ".csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(curve[0]))
        writer.writeheader()
        writer.writerows(curve)
    torch.save(policy.state_dict(), args.out + ".pt")
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(6, 3.5))
        minutes = [p["seconds"] / 60 for p in curve]
        for opponent in ("random", "greedy"):
            ax.plot(minutes, [100 * p[opponent] for p in curve], marker="o",
                    label=f"vs 3 {opponent}")
        ax.axhline(100 / args.players, color="grey", linestyle=":", label="parity")
        ax.set_xlabel("training (minutes, wall)")
        ax.set_ylabel(f"win rate, {args.eval_games} games (%)")
        ax.set_title("PPO self-play from the raw observation")
        ax.legend()
        fig.tight_layout()
        fig.savefig(args.out + ".png", dpi=100)
    except ImportError:
        print("python3-matplotlib is missing: no PNG")

    final_seed = 20_000_000
    for opponent in ("random", "greedy"):
        rate = evaluate(policy, opponent, args.final_games, args.players, final_seed)
        low, high = wilson(rate * args.final_games, args.final_games)
        print(f"final: vs {args.players - 1} {opponent}: {rate:.1%} of {args.final_games} games "
              f"(95% interval {low:.1%}-{high:.1%}; parity {1 / args.players:.0%})")
    if not curve or not os.path.exists(args.out + ".csv"):
        raise SystemExit("no curve written")


if __name__ == "__main__":
    main()
