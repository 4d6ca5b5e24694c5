"""Speed of the RL environments from Python (docs/bench.md, "Python environments").

Usage: PYTHONPATH=build/release/python /usr/bin/python3 python/bench/bench_env.py [--seconds S]
       [--repetitions R]

Each figure is the median of R runs of S CPU seconds (time.process_time(): the machine may be
shared), with the lowest and highest.

Measures, on one core, with random legal actions and 4 players:
  - Env.step from a Python loop (the action taken from Env.legal_actions());
  - the same loop with observe() of the selected agent each step;
  - VectorEnv.step over N games (actions from VectorEnv.random_actions()), self-play and one agent
    against three random bots (agent steps counted: one per game per step);
  - VectorEnv(256) with a numpy policy choosing the actions: a linear layer over the observation
    (534 x 321 float32), the mask applied, the argmax taken: the loop an RL user writes.

It prints the machine's load average before and after, and the command, so that a figure says
how busy the machine was (docs/python.md, "Speed").
"""
import os
import sys
import argparse
import statistics
import time

import allegra


def bench_single(seconds, observe):
    env = allegra.Env(seed=1)
    steps = 0
    i = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        for _ in range(1000):
            if env.agent_selection is None:
                env.reset()
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                env.step(None)
                continue
            if observe:
                env.observe(env.agent_selection)
            legal = env.legal_actions()
            i += 7
            env.step(legal[i % len(legal)])
            steps += 1
        if time.process_time() > deadline:
            break
    return steps / (time.process_time() - start)


def bench_vector(seconds, num_envs, seats):
    env = allegra.VectorEnv(num_envs, seats=seats, seed=1)
    env.reset(1)
    steps = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        for _ in range(10):
            env.step(env.random_actions())
            steps += num_envs
    return steps / (time.process_time() - start)


def bench_numpy_policy(seconds, num_envs):
    import numpy as np

    env = allegra.VectorEnv(num_envs, seed=1)
    obs, mask = env.reset(1)
    weights = np.random.default_rng(0).standard_normal(
        (allegra.OBSERVATION_SIZE, allegra.NUM_ACTIONS)).astype(np.float32)
    steps = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        for _ in range(10):
            logits = obs @ weights
            actions = np.where(mask, logits, -np.inf).argmax(axis=1).astype(np.int32)
            obs, mask, _, _ = env.step(actions)
            steps += num_envs
    return steps / (time.process_time() - start)


def report(label, runs, unit):
    print(f"{label:38s} {statistics.median(runs):>11,.0f} {unit}  "
          f"(min {min(runs):,.0f}, max {max(runs):,.0f}, {len(runs)} runs)", flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--repetitions", type=int, default=5)
    args = parser.parse_args()
    reps = range(args.repetitions)
    print("command:", " ".join([os.path.basename(sys.executable)] + sys.argv))
    print("load average before: %.2f %.2f %.2f" % os.getloadavg(), f"({os.cpu_count()} cores)")
    report("Env.step (legal_actions, step)", [bench_single(args.seconds, False) for _ in reps],
           "steps/s")
    report("Env.step + observe", [bench_single(args.seconds, True) for _ in reps], "steps/s")
    for n in (64, 256, 1024):
        runs = [bench_vector(args.seconds, n, None) for _ in reps]
        report(f"VectorEnv({n}) self-play", runs, "agent steps/s")
    runs = [bench_vector(args.seconds, 256, [None, "random", "random", "random"]) for _ in reps]
    report("VectorEnv(256) 1 agent + 3 random", runs, "agent steps/s")
    runs = [bench_numpy_policy(args.seconds, 256) for _ in reps]
    report("VectorEnv(256) + numpy linear policy", runs, "agent steps/s")
    print("load average after: %.2f %.2f %.2f" % os.getloadavg())


if __name__ == "__main__":
    main()
