"""PPO at ALLEGRA from the raw observation, with torch (docs/python.md, "The RL example").

A policy network (an MLP over the 534 floats of the observation, a policy head over the 321
relative actions with the illegal ones masked out of the logits, and a value head) learns 2-player
ALLEGRA by PPO in VectorEnv games against a mix of opponents: itself (self-play: the one network
plays both seats) and the `greedy` and `random` bots, which play inside VectorEnv.step.

1. Rollout: `--rollout` steps of every game of every VectorEnv; each row of a step is one decision
   of the network (the bots decide inside the step), sampled from the masked policy.
2. Reward, per decision of a seat (the chain of one seat in one game): at each round's end the
   seat's round score against its opponent's, -(own - other)/10 (lower is better in ALLEGRA; the
   ender's penalty included), plus potential-based shaping with the potential
   phi = -(own expected display score - the opponent's)/10, read from the seat's own observation
   (a face-up card counts its value, a face-down one the mean of the unseen cards): a decision
   gets gamma * phi(next decision) - phi(this one), which adds up to a constant per round, so it
   changes what is learnt fast, not what is best.
3. GAE(gamma, lambda) along each chain; chains still open at the end of a rollout bootstrap from
   the value of their next observation (or, for the seat not to move in a self-play game, their
   own).
4. PPO: clipped ratio, advantages normalised per batch, value loss, entropy bonus, Adam with the
   learning rate decaying linearly to a tenth, gradient norm clipped.

The training budget is CPU time of this process (time.process_time, all its threads, the bots'
moves inside VectorEnv.step included, the evaluations not): `--cpu-minutes 20` by default, i.e. 10
minutes of both cores of the 2-core machine, whatever else runs on it (wall time is not a fair
budget on a shared machine; the run prints its wall time and load average too).

Every `--eval-every` CPU seconds of training the policy (argmax) plays `--eval-games` 2-player games
against one `random` and against one `greedy` bot (parity 50%); the curve goes to CSV and PNG
(python3-matplotlib), the model to .pt. At the end it plays `--final-games` against each and
prints the win rates with their 95% Wilson intervals.

    PYTHONPATH=build/release/python nice -n 10 /usr/bin/python3 examples/ppo_selfplay.py
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

F = {name: offset for name, offset, _, _ in allegra.observation_fields()}
VALUES = np.arange(-1, 12, dtype=np.float32)  # card values in the one-hot order of `unseen`


def display_cells(seat):
    """Relative cell ids (owner*12 + row*4 + col) of relative seat `seat`'s 15-card display in a
    2-player game: its own grid, and column 3 of its left neighbour (the other seat)."""
    other = 1 - seat
    return [seat * 12 + i for i in range(12)] + [other * 12 + r * 4 + 3 for r in range(3)]


DISPLAYS = np.array([display_cells(0), display_cells(1)])  # (2, 15)


def potential(obs):
    """phi of N observations (N, 534): -(own expected display score - the other's)/10."""
    n = len(obs)
    cells = obs[:, : 72 * 5].reshape(n, 72, 5)
    unseen = obs[:, F["unseen"] : F["unseen"] + 13]
    mean = (unseen @ VALUES) / np.maximum(unseen.sum(axis=1), 1e-6)  # the mean unseen card
    points = cells[:, :, 3] * 10 + cells[:, :, 1] * mean[:, None]  # face up: value; down: mean
    own = points[:, DISPLAYS[0]].sum(axis=1)
    other = points[:, DISPLAYS[1]].sum(axis=1)
    return -(own - other) / 10


class Policy(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(allegra.OBSERVATION_SIZE, hidden),
            nn.ReLU(),
            nn.Linear(hidden, hidden),
            nn.ReLU(),
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
def evaluate(policy, opponent, games, seed):
    """Win share of the policy (seat 0, argmax) in 2-player games against `opponent`."""
    # One game per slot, each slot's first game only (no bias towards short games).
    # An argmax policy may never end a game (say, never turning a card up): such a game is cut at
    # 2,000 decisions and counts as lost.
    env = allegra.VectorEnv(games, seats=[None, opponent], seed=seed, players=2, max_steps=2000)
    obs, mask = env.reset(seed)
    wins, counted = 0.0, np.zeros(games, bool)
    while not counted.all():
        logits, _ = policy(torch.from_numpy(np.array(obs)), torch.from_numpy(np.array(mask)))
        obs, mask, rewards, done = env.step(logits.argmax(dim=1).numpy().astype(np.int32))
        first = done & ~counted
        wins += float(rewards[first, 0].sum())  # reward "win": 1 a win, 1/2 a shared one
        counted |= first
    return wins / games


class Games:
    """The training games: VectorEnvs of 2 players, each seat the network (None) or a bot, and
    the open chain of each (game, seat): the index of its last decision in the rollout."""

    def __init__(self, mix, envs, seed):
        self.envs = []
        for k, opponent in enumerate(mix):
            env = allegra.VectorEnv(envs, seats=[None, None if opponent == "self" else opponent],
                                    seed=seed + 1_000_003 * k, players=2, reward="score")
            obs, mask = env.reset()
            self.envs.append([env, np.array(obs), np.array(mask)])
        self.size = envs * len(mix)


def rollout(games, policy, steps, gamma):
    """`steps` steps of every game; the flat batch with per-decision rewards (shaped)."""
    n = games.size
    size = steps * n
    b_obs = np.empty((size, allegra.OBSERVATION_SIZE), np.float32)
    b_mask = np.empty((size, allegra.NUM_ACTIONS), bool)
    b_act = np.empty(size, np.int64)
    b_logp = np.empty(size, np.float32)
    b_val = np.empty(size, np.float32)
    b_rew = np.zeros(size, np.float32)
    b_next = np.full(size, -1, np.int64)  # the same seat's next decision in the same game
    b_term = np.zeros(size, bool)  # the game ended after this seat's decision
    last = np.full((n, 2), -1, np.int64)  # open chain of (game, absolute seat)
    rows = np.arange(n)
    with torch.no_grad():
        for t in range(steps):
            idx = t * n + rows
            seat = np.concatenate([np.array(e.current_player) for e, _, _ in games.envs])
            b_obs[idx] = np.concatenate([o for _, o, _ in games.envs])
            b_mask[idx] = np.concatenate([m for _, _, m in games.envs])
            logits, value = policy(torch.from_numpy(b_obs[idx]), torch.from_numpy(b_mask[idx]))
            dist = torch.distributions.Categorical(logits=logits)
            action = dist.sample()
            b_act[idx] = action.numpy()
            b_logp[idx] = dist.log_prob(action).numpy()
            b_val[idx] = value.numpy()
            prev = last[rows, seat]
            b_next[prev[prev >= 0]] = idx[prev >= 0]
            last[rows, seat] = idx
            actions = action.numpy().astype(np.int32)
            start = 0
            for entry in games.envs:
                env = entry[0]
                k = env.num_envs
                obs, mask, rewards, done = env.step(actions[start : start + k])
                entry[1], entry[2] = np.array(obs), np.array(mask)
                # Round results: own score against the other's, to the seat's last decision.
                margin = rewards - rewards[:, ::-1]
                for p in (0, 1):
                    owner = last[start : start + k, p]
                    hit = (owner >= 0) & (margin[:, p] != 0)
                    b_rew[owner[hit]] += margin[hit, p]
                for i in np.flatnonzero(done):
                    ended = last[start + i][last[start + i] >= 0]
                    b_term[ended] = True
                    last[start + i] = -1
                start += k
    # Bootstrap the open chains: the seat to move has its next observation now.
    obs_now = np.concatenate([o for _, o, _ in games.envs])
    mask_now = np.concatenate([m for _, _, m in games.envs])
    seat_now = np.concatenate([np.array(e.current_player) for e, _, _ in games.envs])
    with torch.no_grad():
        _, v_now = policy(torch.from_numpy(obs_now), torch.from_numpy(mask_now))
    v_now = v_now.numpy()
    phi = potential(b_obs)
    phi_now = potential(obs_now)
    boot_val = b_val.copy()  # value of the next decision (own value if unknown)
    boot_phi = phi.copy()
    has_next = b_next >= 0
    boot_val[has_next] = b_val[b_next[has_next]]
    boot_phi[has_next] = phi[b_next[has_next]]
    for p in (0, 1):
        open_k = last[:, p]
        now = (open_k >= 0) & (seat_now == p)
        boot_val[open_k[now]] = v_now[now]
        boot_phi[open_k[now]] = phi_now[now]
    boot_val[b_term] = 0.0
    boot_phi[b_term] = 0.0
    b_rew += gamma * boot_phi - phi
    batch = dict(obs=b_obs, mask=b_mask, act=b_act, logp=b_logp, val=b_val, rew=b_rew,
                 next=b_next, term=b_term, boot=boot_val)
    return batch


def advantages(batch, gamma, lam):
    """GAE along each (game, seat) chain: a chain's decisions come in rollout order, so one
    backward pass over the flat batch sees every decision's successor first."""
    size = len(batch["rew"])
    val, nxt, term, rew, boot = batch["val"], batch["next"], batch["term"], batch["rew"], batch["boot"]
    delta = rew + gamma * boot - val
    adv = np.zeros(size, np.float32)
    carry = gamma * lam * (~term & (nxt >= 0))
    for k in range(size - 1, -1, -1):
        adv[k] = delta[k] + (carry[k] * adv[nxt[k]] if carry[k] else 0.0)
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
    parser.add_argument("--cpu-minutes", type=float, default=20.0,
                        help="training budget in CPU minutes of this process (time.process_time, "
                        "all threads; the evaluations not counted): 20 = 10 minutes of both cores")
    parser.add_argument("--mix", default="greedy,self,random",
                        help="opponents of the training games, one VectorEnv each")
    parser.add_argument("--envs", type=int, default=128, help="games per VectorEnv")
    parser.add_argument("--rollout", type=int, default=32, help="steps per game per update")
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--lr", type=float, default=5e-4)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--minibatch", type=int, default=1024)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--gamma", type=float, default=0.99)
    parser.add_argument("--lam", type=float, default=0.95)
    parser.add_argument("--threads", type=int, default=2, help="torch threads")
    parser.add_argument("--eval-every", type=float, default=120.0,
                        help="CPU seconds of training between curve points")
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--final-games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="ppo_selfplay", help="prefix of the CSV, PNG, model")
    parser.add_argument("--smoke", action="store_true", help="a one-minute run (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.cpu_minutes, args.eval_every, args.eval_games, args.final_games = 0.5, 15.0, 50, 100
        args.threads = 1

    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    torch.set_num_threads(args.threads)
    policy = Policy(args.hidden)
    optimiser = torch.optim.Adam(policy.parameters(), lr=args.lr)
    games = Games(args.mix.split(","), args.envs, args.seed * 7_919)
    curve = []
    decisions, trained, next_eval = 0, 0.0, 0.0
    eval_seed = 10_000_000
    run_start = time.monotonic()

    def record_point():
        point = dict(seconds=round(trained, 1), decisions=decisions)
        for opponent in ("random", "greedy"):
            point[opponent] = evaluate(policy, opponent, args.eval_games, eval_seed)
        curve.append(point)
        print(f"{point['seconds']:7.1f}s {decisions:>10} decisions  vs random "
              f"{point['random']:.1%}  vs greedy {point['greedy']:.1%}  "
              f"(load {os.getloadavg()[0]:.1f})", flush=True)

    budget = args.cpu_minutes * 60
    while True:
        if trained >= next_eval:
            record_point()
            next_eval += args.eval_every
        if trained >= budget:
            break
        start = time.process_time()
        for group in optimiser.param_groups:
            group["lr"] = args.lr * (1 - 0.9 * min(trained / budget, 1))
        batch = rollout(games, policy, args.rollout, args.gamma)
        adv, ret = advantages(batch, args.gamma, args.lam)
        ppo_update(policy, optimiser, batch, adv, ret, args)
        decisions += len(batch["act"])
        trained += time.process_time() - start

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
                    label=f"vs 1 {opponent}")
        ax.axhline(50, color="grey", linestyle=":", label="parity")
        ax.set_xlabel("training (CPU minutes)")
        ax.set_ylabel(f"win rate, {args.eval_games} games (%)")
        ax.set_ylim(0, 100)
        ax.set_title("PPO from the raw observation, 2 players")
        ax.legend()
        fig.tight_layout()
        fig.savefig(args.out + ".png", dpi=80)
    except ImportError:
        print("python3-matplotlib is missing: no PNG")

    print(f"trained {trained:.0f} CPU s, {decisions} decisions; whole run so far: wall "
          f"{time.monotonic() - run_start:.0f} s, CPU {time.process_time():.0f} s, load average "
          f"{os.getloadavg()[0]:.1f}", flush=True)
    final_seed = 20_000_000
    for opponent in ("random", "greedy"):
        rate = evaluate(policy, opponent, args.final_games, final_seed)
        low, high = wilson(rate * args.final_games, args.final_games)
        print(f"final: vs 1 {opponent}: {rate:.1%} of {args.final_games} games "
              f"(95% interval {low:.1%}-{high:.1%}; parity 50%)", flush=True)


if __name__ == "__main__":
    main()
