"""PPO at ALLEGRA from the raw observation, with torch (docs/python.md, "The RL example").

A policy network learns 2-player ALLEGRA from the 534 floats of the raw observation: a warm start
by behaviour cloning of the `greedy` bot, then PPO in VectorEnv games against a mix of opponents
(itself, and the `greedy` bot inside VectorEnv.step).

The network (Policy) follows the table's geometry: one encoder, shared by the 24 cells of the two
grids, reads a cell's five floats, the floats of its row (in both grids: a display row is the own
row and the neighbour's right-column card) and of its column, the cards in play (held, discard
top, the replaced card, the unseen counts, the phase) and a summary of the whole observation (an
MLP over all 534 floats); its output is that cell's actions' logits ("reveal cell k", "swap into
cell k", ...). The other actions (draw, discard, clear a line, ...) and the value come from the
summary. Illegal actions are masked out of the logits. Nothing but the raw observation goes in.

1. Behaviour cloning (`--bc-cpu-minutes`): games of `greedy` against itself (make_bot, a Python
   loop over State), each decision's observation, mask and the bot's action (as a relative
   index); the network learns the actions by cross-entropy and the value (below) by regression.
2. PPO (the rest of the budget): `--rollout` steps of every game of every VectorEnv, one per entry
   of `--mix` ("self": the network plays both seats; a bot spec: that bot plays seat 1 inside
   VectorEnv.step); each row of a step is one decision of the network, sampled from the masked
   policy.
3. Reward, per decision of a seat (the chain of one seat in one game): at each round's end the
   seat's round score against its opponent's, -(own - other)/10 (lower is better in ALLEGRA; the
   ender's penalty included; a game's sum is its final margin), plus potential-based shaping with
   phi = -(own expected display score - the opponent's)/10, read from the seat's own observation
   (a face-up card counts its value, a face-down one the mean of the unseen cards): a decision
   gets phi(next decision) - phi(this one) (0 after the last), which adds up to -phi(first) per
   game, so it changes what is learnt fast, not what is best.
4. GAE(gamma, lambda) along each chain; chains still open at the end of a rollout bootstrap from
   the value of their next observation (or, for the seat not to move in a self-play game, their
   own).
5. PPO: clipped ratio, advantages normalised per batch, value loss, entropy bonus, Adam with the
   learning rate decaying linearly to a tenth, gradient norm clipped.

The budget is CPU time of this process (time.process_time, all its threads, the cloning's games
and the bots' moves inside VectorEnv.step included, the evaluations not): `--cpu-minutes 20` by
default, i.e. 10 minutes of both cores of the 2-core machine, whatever else runs on it (wall time
is not a fair budget on a shared machine; the run prints its wall time and load average too).

Every `--eval-every` CPU seconds the policy (argmax) plays `--eval-games` 2-player games against
one `random` and against one `greedy` bot (parity 50%); the curve goes to CSV and PNG
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
import sys
import time

import numpy as np
import torch
from torch import nn

import allegra

F = {name: (offset, size) for name, offset, size, _ in allegra.observation_fields()}
VALUES = np.arange(-1, 12, dtype=np.float32)  # card values in the one-hot order of `unseen`
CELLS = 24  # the two grids of a 2-player table (relative seats 0 and 1)
CARDS_IN_PLAY = ("phase", "held", "held_from_discard", "discard_top", "pending_discard", "unseen",
                 "clock", "round")


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
    unseen = obs[:, F["unseen"][0] : F["unseen"][0] + 13]
    mean = (unseen @ VALUES) / np.maximum(unseen.sum(axis=1), 1e-6)  # the mean unseen card
    points = cells[:, :, 3] * 10 + cells[:, :, 1] * mean[:, None]  # face up: value; down: mean
    own = points[:, DISPLAYS[0]].sum(axis=1)
    other = points[:, DISPLAYS[1]].sum(axis=1)
    return -(own - other) / 10


def cell_context():
    """For each of the 24 cells: the cells of its row in both grids (8) and of its grid's column
    (3), the neighbourhood in which lines are cleared."""
    rows = []
    for seat in range(2):
        for i in range(12):
            r, c = divmod(i, 4)
            row = [s * 12 + r * 4 + j for s in range(2) for j in range(4)]
            rows.append(row + [seat * 12 + k * 4 + c for k in range(3)])
    return torch.tensor(rows)


class Policy(nn.Module):
    """The policy and value network: a shared per-cell encoder for the cells' actions, an MLP
    summary of the whole observation for the other actions and the value (module docstring)."""

    def __init__(self, hidden=128, cell_hidden=64):
        super().__init__()
        self.register_buffer("context", cell_context())
        self.register_buffer("in_play", torch.cat([torch.arange(F[n][0], F[n][0] + F[n][1])
                                                   for n in CARDS_IN_PLAY]))
        self.summary = nn.Sequential(nn.Linear(allegra.OBSERVATION_SIZE, hidden), nn.ReLU(),
                                     nn.Linear(hidden, hidden), nn.ReLU())
        self.position = nn.Parameter(torch.randn(CELLS, cell_hidden) * 0.1)
        self.cell_in = nn.Linear(5 * 12, cell_hidden)
        self.shared_in = nn.Linear(len(self.in_play) + hidden, cell_hidden)
        self.cell_mid = nn.Linear(cell_hidden, cell_hidden)
        self.cell_out = nn.Linear(cell_hidden, 4)  # reveal, swap, take, put of that cell
        self.logits = nn.Linear(hidden, allegra.NUM_ACTIONS)
        self.value = nn.Sequential(nn.Linear(hidden + cell_hidden, hidden), nn.ReLU(),
                                   nn.Linear(hidden, 1))
        k = torch.arange(CELLS)
        self.register_buffer("cell_actions",
                             torch.stack([k, 74 + k, 156 + k, 228 + k], 1).flatten())

    def forward(self, obs, mask):
        n = obs.shape[0]
        cells = obs[:, : CELLS * 5].reshape(n, CELLS, 5)
        local = torch.cat([cells, cells[:, self.context].reshape(n, CELLS, 55)], 2)
        g = self.summary(obs)
        shared = self.shared_in(torch.cat([obs[:, self.in_play], g], 1))
        h = torch.relu(self.cell_in(local) + self.position + shared[:, None, :])
        h = torch.relu(self.cell_mid(h))
        logits = self.logits(g).index_add(1, self.cell_actions, self.cell_out(h).reshape(n, -1))
        value = self.value(torch.cat([g, h.mean(1)], 1)).squeeze(-1)
        return logits.masked_fill(~mask, -1e9), value


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
        # Slots whose first game is over play on (auto-reset) with random moves, not the network.
        actions = np.array(env.random_actions(), np.int32)
        live = np.flatnonzero(~counted)
        logits, _ = policy(torch.from_numpy(obs[live]), torch.from_numpy(mask[live]))
        actions[live] = logits.argmax(dim=1).numpy()
        obs, mask, rewards, done = env.step(actions)
        first = done & ~counted
        wins += float(rewards[first, 0].sum())  # reward "win": 1 a win, 1/2 a shared one
        counted |= first
    return wins / games


def teacher_games(teacher, games, seed):
    """The decisions of `teacher` against itself in 2-player games: observations, masks, actions
    (relative indexes) and value targets (the seat's shaped return: its margin over the rest of
    the game, -(own points - other's)/10, minus phi of the observation)."""
    game = allegra.Game(players=2)
    bot = allegra.make_bot(teacher, seed=seed)
    obs, masks, actions, targets = [], [], [], []
    totals = F["totals"][0]
    for g in range(games):
        state = game.new_initial_state(seed=seed + g)
        first, seats = len(obs), []
        while not state.is_terminal:
            if state.is_chance_node:
                state.deal()
                continue
            seat = state.current_player
            obs.append(np.array(state.observation(seat)))
            masks.append(np.array(state.action_mask(True), bool))
            action = bot.decide(state)
            actions.append(allegra.relative_action(action, seat, 2))
            seats.append(seat)
            state.apply(action)
        final = state.scores()
        for k, seat in enumerate(seats):
            o = obs[first + k]
            before = 100 * (o[totals] - o[totals + 1])  # own total - other's, earlier rounds
            targets.append(-((final[seat] - final[1 - seat]) - before) / 10)
    obs = np.stack(obs)
    targets = np.array(targets, np.float32) - potential(obs)
    return obs, np.stack(masks), np.array(actions, np.int64), targets


def clone(policy, optimiser, data, budget, args):
    """Behaviour cloning for `budget` CPU seconds: cross-entropy on the teacher's actions, and the
    value on its targets. Returns the CPU seconds spent and the last losses."""
    start = time.process_time()
    obs, mask, act, target = (torch.from_numpy(x) for x in data)
    ce = mse = float("nan")
    while time.process_time() - start < budget:
        order = torch.randperm(len(act))
        for first in range(0, len(act), args.minibatch):
            mb = order[first : first + args.minibatch]
            logits, value = policy(obs[mb], mask[mb])
            ce_t = nn.functional.cross_entropy(logits, act[mb])
            mse_t = (value - target[mb]).pow(2).mean()
            optimiser.zero_grad()
            (ce_t + 0.5 * mse_t).backward()
            optimiser.step()
            ce, mse = ce_t.item(), mse_t.item()
            if time.process_time() - start >= budget:
                break
    return time.process_time() - start, ce, mse


class Games:
    """The training games: VectorEnvs of 2 players, each seat the network (None) or a bot."""

    def __init__(self, mix, envs, seed):
        self.envs = []
        for k, opponent in enumerate(mix):
            env = allegra.VectorEnv(envs, seats=[None, None if opponent == "self" else opponent],
                                    seed=seed + 1_000_003 * k, players=2, reward="score")
            obs, mask = env.reset()
            self.envs.append([env, np.array(obs), np.array(mask)])
        self.size = envs * len(mix)


def rollout(games, policy, steps, gamma):
    """`steps` steps of every game; the flat batch with per-decision rewards (shaped). A seat's
    decisions in a game form a chain: `next` links each to the same seat's next decision."""
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
    ended = 0
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
                    closed = last[start + i][last[start + i] >= 0]
                    b_term[closed] = True
                    last[start + i] = -1
                ended += int(done.sum())
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
    return dict(obs=b_obs, mask=b_mask, act=b_act, logp=b_logp, val=b_val, rew=b_rew,
                next=b_next, term=b_term, boot=boot_val, games_ended=ended)


def advantages(batch, gamma, lam):
    """GAE along each (game, seat) chain: a chain's decisions come in rollout order, so one
    backward pass over the flat batch sees every decision's successor first."""
    size = len(batch["rew"])
    val, nxt, term = batch["val"], batch["next"], batch["term"]
    rew, boot = batch["rew"], batch["boot"]
    delta = rew + gamma * boot - val
    adv = np.zeros(size, np.float32)
    carry = gamma * lam * (~term & (nxt >= 0))
    for k in range(size - 1, -1, -1):
        adv[k] = delta[k] + (carry[k] * adv[nxt[k]] if carry[k] else 0.0)
    return adv, adv + val


def ppo_update(policy, optimiser, batch, adv, ret, args):
    """The PPO epochs on one batch; returns the last minibatch's losses and the mean entropy."""
    obs = torch.from_numpy(batch["obs"])
    mask = torch.from_numpy(batch["mask"])
    act = torch.from_numpy(batch["act"])
    old_logp = torch.from_numpy(batch["logp"])
    adv_t = torch.from_numpy(adv)
    adv_t = (adv_t - adv_t.mean()) / (adv_t.std() + 1e-8)
    ret_t = torch.from_numpy(ret)
    size = len(act)
    stats = {}
    for _ in range(args.epochs):
        order = torch.randperm(size)
        for start in range(0, size, args.minibatch):
            mb = order[start : start + args.minibatch]
            logits, value = policy(obs[mb], mask[mb])
            dist = torch.distributions.Categorical(logits=logits)
            ratio = torch.exp(dist.log_prob(act[mb]) - old_logp[mb])
            surrogate = torch.min(ratio * adv_t[mb],
                                  ratio.clamp(1 - args.clip, 1 + args.clip) * adv_t[mb])
            value_loss = (value - ret_t[mb]).pow(2).mean()
            entropy = dist.entropy().mean()
            loss = -surrogate.mean() + 0.5 * value_loss - args.entropy * entropy
            optimiser.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            optimiser.step()
            stats = dict(policy_loss=-surrogate.mean().item(), value_loss=value_loss.item(),
                         entropy=entropy.item())
    return stats


def plot(curve, args, bc_seconds):
    """The curve as PNG (python3-matplotlib), the end of the cloning marked."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("python3-matplotlib is missing: no PNG")
        return
    fig, ax = plt.subplots(figsize=(6, 3.5))
    minutes = [p["seconds"] / 60 for p in curve]
    for opponent in ("random", "greedy"):
        ax.plot(minutes, [100 * p[opponent] for p in curve], marker="o",
                label=f"vs 1 {opponent}")
    ax.axhline(50, color="grey", linestyle=":", label="parity")
    ax.axvline(bc_seconds / 60, color="black", linestyle="--", linewidth=0.8,
               label="cloning | PPO")
    ax.set_xlabel("training (CPU minutes)")
    ax.set_ylabel(f"win rate, {args.eval_games} games (%)")
    ax.set_ylim(0, 100)
    ax.set_title("2 players: cloning of greedy, then PPO")
    ax.legend(fontsize=8, loc="lower right")
    fig.tight_layout()
    fig.savefig(args.out + ".png", dpi=80)


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cpu-minutes", type=float, default=20.0,
                        help="training budget in CPU minutes of this process (time.process_time, "
                        "all threads; the evaluations not counted): 20 = 10 minutes of both cores")
    parser.add_argument("--bc-cpu-minutes", type=float, default=5.0,
                        help="of which behaviour cloning of --teacher (0: PPO from scratch)")
    parser.add_argument("--teacher", default="greedy", help="the bot cloned")
    parser.add_argument("--bc-games", type=int, default=1500, help="teacher games to clone")
    parser.add_argument("--bc-lr", type=float, default=1e-3)
    parser.add_argument("--mix", default="greedy,self",
                        help="opponents of the PPO games, one VectorEnv each")
    parser.add_argument("--envs", type=int, default=128, help="games per VectorEnv")
    parser.add_argument("--rollout", type=int, default=32, help="steps per game per update")
    parser.add_argument("--lr", type=float, default=1e-4)
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--minibatch", type=int, default=512)
    parser.add_argument("--clip", type=float, default=0.1)
    parser.add_argument("--entropy", type=float, default=0.001)
    parser.add_argument("--gamma", type=float, default=1.0)
    parser.add_argument("--lam", type=float, default=0.95)
    parser.add_argument("--threads", type=int, default=2, help="torch threads")
    parser.add_argument("--eval-every", type=float, default=120.0,
                        help="CPU seconds of training between curve points")
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--final-games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="ppo_selfplay", help="prefix of the CSV, PNG, model")
    parser.add_argument("--smoke", action="store_true",
                        help="a one-minute run (CI); fails if the run's outputs are missing or a "
                        "loss is not finite")
    args = parser.parse_args()
    # Refused at once, not after minutes of training: a run that cannot do what was asked.
    if not args.cpu_minutes > 0:
        parser.error(f"--cpu-minutes must be above 0, not {args.cpu_minutes}")
    if not 0 <= args.bc_cpu_minutes < args.cpu_minutes:
        parser.error(f"--bc-cpu-minutes must be at least 0 and below --cpu-minutes "
                     f"({args.cpu_minutes}), not {args.bc_cpu_minutes}")
    for name in ("bc_games", "envs", "rollout", "epochs", "minibatch", "threads", "eval_games",
                 "final_games"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1, not {getattr(args, name)}")
    if not args.eval_every > 0:
        parser.error(f"--eval-every must be above 0, not {args.eval_every}")
    for spec in [args.teacher] + [m for m in args.mix.split(",") if m != "self"]:
        try:
            allegra.make_bot(spec, seed=0)
        except (ValueError, TypeError, RuntimeError) as e:
            parser.error(f"not a bot: {spec!r} ({e}); --mix takes bots and 'self', comma-separated")
    folder = os.path.dirname(os.path.abspath(args.out))
    if not os.path.isdir(folder):
        parser.error(f"--out {args.out!r}: the folder {folder!r} does not exist")
    if args.smoke:
        args.cpu_minutes, args.bc_cpu_minutes, args.bc_games = 0.6, 0.25, 60
        args.eval_every, args.eval_games, args.final_games = 12.0, 50, 100
        args.envs, args.threads = 32, 1
    return args


def main():
    args = parse_args()
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    torch.set_num_threads(args.threads)
    policy = Policy()
    curve, log = [], []
    decisions, trained, next_eval = 0, 0.0, 0.0
    eval_seed = 10_000_000
    run_start = time.monotonic()

    def record_point(phase):
        point = dict(seconds=round(trained, 1), phase=phase, decisions=decisions)
        for opponent in ("random", "greedy"):
            point[opponent] = evaluate(policy, opponent, args.eval_games, eval_seed)
        curve.append(point)
        print(f"{point['seconds']:7.1f}s {phase:5} {decisions:>9} decisions  vs random "
              f"{point['random']:.1%}  vs greedy {point['greedy']:.1%}  "
              f"(load {os.getloadavg()[0]:.1f})", flush=True)

    record_point("start")
    budget = args.cpu_minutes * 60
    bc_budget = min(args.bc_cpu_minutes * 60, budget)
    if bc_budget > 0:
        # 1. Behaviour cloning, with curve points at the same CPU spacing as PPO's.
        start = time.process_time()
        data = teacher_games(args.teacher, args.bc_games, args.seed * 7_919 + 5)
        trained += time.process_time() - start
        print(f"cloning: {len(data[2])} decisions of {args.bc_games} {args.teacher} games in "
              f"{trained:.0f} CPU s", flush=True)
        optimiser = torch.optim.Adam(policy.parameters(), lr=args.bc_lr)
        while trained < bc_budget:
            spent, ce, mse = clone(policy, optimiser, data,
                                   min(bc_budget, trained + args.eval_every) - trained, args)
            trained += spent
            decisions = len(data[2])
            log.append(dict(seconds=round(trained, 1), cross_entropy=ce, value_loss=mse))
            print(f"cloning: {trained:.0f} CPU s, cross-entropy {ce:.3f}, value loss {mse:.3f}",
                  flush=True)
            record_point("clone")
        del data
        next_eval = trained + args.eval_every
    # 2. PPO from there.
    games = Games(args.mix.split(","), args.envs, args.seed * 7_919)
    optimiser = torch.optim.Adam(policy.parameters(), lr=args.lr)
    ppo_start, ended = trained, 0
    while trained < budget:
        start = time.process_time()
        for group in optimiser.param_groups:
            group["lr"] = args.lr * (1 - 0.9 * min((trained - ppo_start) / (budget - ppo_start), 1))
        batch = rollout(games, policy, args.rollout, args.gamma)
        adv, ret = advantages(batch, args.gamma, args.lam)
        stats = ppo_update(policy, optimiser, batch, adv, ret, args)
        decisions += len(batch["act"])
        ended += batch["games_ended"]
        trained += time.process_time() - start
        log.append(dict(seconds=round(trained, 1), **stats))
        if trained >= next_eval or trained >= budget:
            print(f"ppo: {trained:.0f} CPU s, entropy {stats['entropy']:.3f}, value loss "
                  f"{stats['value_loss']:.3f}, {ended} games ended", flush=True)
            record_point("ppo")
            next_eval += args.eval_every

    with open(args.out + ".csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(curve[0]))
        writer.writeheader()
        writer.writerows(curve)
    torch.save(policy.state_dict(), args.out + ".pt")
    plot(curve, args, bc_budget)
    print(f"trained {trained:.0f} CPU s ({bc_budget:.0f} cloning), {decisions} decisions; whole "
          f"run so far: wall {time.monotonic() - run_start:.0f} s, CPU {time.process_time():.0f} "
          f"s, load average {os.getloadavg()[0]:.1f}", flush=True)
    final_seed = 20_000_000
    for opponent in ("random", "greedy"):
        rate = evaluate(policy, opponent, args.final_games, final_seed)
        low, high = wilson(rate * args.final_games, args.final_games)
        print(f"final: vs 1 {opponent}: {rate:.1%} of {args.final_games} games "
              f"(95% interval {low:.1%}-{high:.1%}; parity 50%)", flush=True)

    if args.smoke:  # the CI's check: outputs written, every loss finite, PPO ran
        losses = [v for entry in log for k, v in entry.items() if k != "seconds"]
        problems = [name for name, ok in (
            ("no curve CSV", os.path.getsize(args.out + ".csv") > 0),
            ("no model", os.path.getsize(args.out + ".pt") > 0),
            ("a loss is not finite", all(math.isfinite(v) for v in losses)),
            ("no PPO update", any("entropy" in entry for entry in log)),
            ("no cloning step", any("cross_entropy" in entry for entry in log)),
        ) if not ok]
        if problems:
            sys.exit("smoke failed: " + ", ".join(problems))
        print("smoke: ok")


if __name__ == "__main__":
    main()
