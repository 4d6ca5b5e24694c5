#!/usr/bin/python3
"""Trains the learned value of the search (docs/value-format.md) and writes its weights file.

One command reproduces the shipped weights data/value/v1.txt from scratch (a release build of
`allegra` first, see README):

    /usr/bin/python3 training/train_value.py

It runs `allegra valuedata` for every player count (bot self-play with the engine, features of
the public view, each player's final round score as the target), trains a small MLP with a fixed
seed on one CPU thread, and writes the weights with a header naming this command, the data size
and the seed, plus check rows (inputs and PyTorch's outputs) that the C++ loader recomputes
within 1e-5. `--smoke` runs the whole pipeline on a tiny data set in seconds (scripts/test.sh).

Why the round score (not the game's win chance) is the target: it is what a position decides;
the game's totals, rounds left and point limit turn it into win chances in the search
(bots/value_leaf.h) exactly as mcts::evaluate() does at a round end, so one net serves every
round count and point limit, and the target is far less noisy than a game's winner.
"""
import argparse
import os
import shlex
import subprocess
import sys
import tempfile
import time

import numpy as np
import torch

FORMAT_VERSION = 1
FEATURE_VERSION = 1
OUTPUT_SCALE = 10.0  # the net predicts score / 10

# Games per player count of the full data set: most at 4 players (the table the strength is
# measured at), enough of every other count for the one-hot of the player count to mean something.
FULL_GAMES = {2: 1000, 3: 700, 4: 1800, 5: 300, 6: 250}
SMOKE_GAMES = {2: 4, 3: 2, 4: 4, 5: 1, 6: 1}


def parse_args(argv):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--allegra", default=os.path.join(root, "build", "release", "allegra"),
                   help="the allegra binary (default: build/release/allegra)")
    p.add_argument("--out", default=os.path.join(root, "data", "value", "v1.txt"),
                   help="the weights file to write (default: data/value/v1.txt)")
    p.add_argument("--seats", default="expert", help="the bot of every seat (default: expert)")
    p.add_argument("--every", type=int, default=3, help="keep one decision point in N")
    p.add_argument("--seed", type=int, default=1, help="seed of the games and the training")
    p.add_argument("--threads", type=int, default=2, help="threads of the data generation")
    p.add_argument("--hidden", default="64,64", help="hidden layer sizes (default: 64,64)")
    p.add_argument("--epochs", type=int, default=3)
    p.add_argument("--batch", type=int, default=1024)
    p.add_argument("--lr", type=float, default=2e-3)
    p.add_argument("--checks", type=int, default=16, help="check rows in the weights file")
    p.add_argument("--data-dir", default=None,
                   help="keep the data files here (default: a temporary folder)")
    p.add_argument("--reuse-data", action="store_true",
                   help="read the data files already in --data-dir instead of playing again")
    p.add_argument("--smoke", action="store_true",
                   help="a tiny data set and one epoch: checks the pipeline in seconds")
    return p.parse_args(argv)


def generate(args, folder):
    games = SMOKE_GAMES if args.smoke else FULL_GAMES
    parts = []
    for players, count in sorted(games.items()):
        path = os.path.join(folder, f"value_{players}p.bin")
        if args.reuse_data and os.path.exists(path):
            parts.append(read_data(path))
            print(f"{players} players: {len(parts[-1])} rows read from {path}", flush=True)
            continue
        seats = ",".join([args.seats] * players)
        cmd = [args.allegra, "valuedata", "--seats", seats, "--games", str(count),
               "--seed", str(args.seed + 1_000_000 * players), "--threads", str(args.threads),
               "--every", str(args.every), "--out", path]
        out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout.strip()
        print(f"{players} players: {out}", flush=True)
        parts.append(read_data(path))
    return parts


def read_data(path):
    with open(path, "rb") as f:
        header = f.read(64).decode("ascii").split()
        if header[:2] != ["allegra-value-data", "1"] or int(header[2]) < 1:
            sys.exit(f"{path}: not a value data file of version 1")
        features, rows = int(header[2]), int(header[3])
        data = np.fromfile(f, dtype=np.float32, count=rows * (features + 1))
    return data.reshape(rows, features + 1)


def build_model(sizes):
    layers = []
    for i in range(1, len(sizes)):
        layers.append(torch.nn.Linear(sizes[i - 1], sizes[i]))
        if i + 1 < len(sizes):
            layers.append(torch.nn.ReLU())
    return torch.nn.Sequential(*layers)


def split(parts, seed):
    """Train/validation: the last tenth of each player count's rows (later games) validate."""
    train, val = [], []
    for d in parts:
        cut = int(len(d) * 0.9)
        train.append(d[:cut])
        val.append(d[cut:])
    train = np.concatenate(train)
    val = np.concatenate(val)
    rng = np.random.default_rng(seed)
    rng.shuffle(train)
    return train, val


def evaluate(model, x, y):
    with torch.no_grad():
        pred = model(x).squeeze(1) * OUTPUT_SCALE
        return float(((pred - y) ** 2).mean()), float((pred - y).abs().mean())


def train(args, train_rows, val_rows, sizes):
    torch.manual_seed(args.seed)
    model = build_model(sizes)
    x = torch.from_numpy(np.ascontiguousarray(train_rows[:, :-1]))
    y = torch.from_numpy(np.ascontiguousarray(train_rows[:, -1]))
    vx = torch.from_numpy(np.ascontiguousarray(val_rows[:, :-1]))
    vy = torch.from_numpy(np.ascontiguousarray(val_rows[:, -1]))
    baseline = float(((vy - y.mean()) ** 2).mean())
    print(f"train rows {len(y)}, validation rows {len(vy)}; validation MSE of the mean "
          f"{baseline:.2f}", flush=True)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    epochs = 1 if args.smoke else args.epochs
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=epochs)
    g = torch.Generator().manual_seed(args.seed)
    for epoch in range(epochs):
        start = time.time()
        order = torch.randperm(len(y), generator=g)
        model.train()
        for i in range(0, len(y), args.batch):
            idx = order[i:i + args.batch]
            loss = torch.nn.functional.mse_loss(model(x[idx]).squeeze(1), y[idx] / OUTPUT_SCALE)
            opt.zero_grad()
            loss.backward()
            opt.step()
        sched.step()
        model.eval()
        mse, mae = evaluate(model, vx, vy)
        print(f"epoch {epoch + 1}/{epochs}: validation MSE {mse:.2f} (MAE {mae:.2f} points), "
              f"{time.time() - start:.0f} s", flush=True)
    return model, (mse, mae, baseline)


def fmt(v):
    return f"{float(v):.9g}"


def write_weights(path, model, sizes, info, check_x):
    linears = [m for m in model if isinstance(m, torch.nn.Linear)]
    with torch.no_grad():
        check_y = model(check_x).squeeze(1) * OUTPUT_SCALE
    lines = ["# The learned value of the search: docs/value-format.md describes this format.",
             f"allegra-value {FORMAT_VERSION}",
             f"features {FEATURE_VERSION} {sizes[0]}",
             "layers " + " ".join(str(s) for s in sizes),
             f"output-scale {fmt(OUTPUT_SCALE)}"]
    lines += [f"info {line}" for line in info]
    for i, lin in enumerate(linears, start=1):
        lines.append(f"layer {i}")
        w = lin.weight.detach().numpy()
        lines += [" ".join(fmt(v) for v in row) for row in w]
        lines.append(" ".join(fmt(v) for v in lin.bias.detach().numpy()))
    lines.append(f"check {len(check_x)}")
    for xrow, yv in zip(check_x.numpy(), check_y.numpy()):
        lines.append(" ".join(fmt(v) for v in xrow) + " " + fmt(yv))
    lines.append("end")
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main(argv):
    args = parse_args(argv)
    torch.set_num_threads(1)  # reproducible sums, and frugal on a shared machine
    np.random.seed(args.seed)
    start = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.data_dir or tmp
        os.makedirs(folder, exist_ok=True)
        parts = generate(args, folder)
    gen_seconds = time.time() - start
    train_rows, val_rows = split(parts, args.seed)
    features = train_rows.shape[1] - 1
    sizes = [features] + [int(h) for h in args.hidden.split(",")] + [1]
    start = time.time()
    model, (mse, mae, baseline) = train(args, train_rows, val_rows, sizes)
    train_seconds = time.time() - start
    model.eval()
    rng = np.random.default_rng(args.seed)
    pick = rng.choice(len(val_rows), size=min(args.checks, len(val_rows)), replace=False)
    check_x = torch.from_numpy(np.ascontiguousarray(val_rows[np.sort(pick), :-1]))
    info = [
        "command: /usr/bin/python3 training/train_value.py " + " ".join(shlex.quote(a) for a in argv),
        f"data: {len(train_rows) + len(val_rows)} rows ({len(train_rows)} train, {len(val_rows)} "
        f"validation) from `allegra valuedata` with seats {args.seats}, every {args.every}, games "
        f"per player count {SMOKE_GAMES if args.smoke else FULL_GAMES}",
        f"seed: {args.seed}; torch {torch.__version__}, epochs {1 if args.smoke else args.epochs}, "
        f"batch {args.batch}, Adam lr {args.lr} cosine",
        f"validation: MSE {mse:.2f}, MAE {mae:.2f} points (predicting the mean: MSE {baseline:.2f})",
    ]
    print(f"time: data {gen_seconds:.0f} s, training {train_seconds:.0f} s")
    write_weights(args.out, model, sizes, info, check_x)
    print(f"wrote {args.out} ({os.path.getsize(args.out)} bytes)")


if __name__ == "__main__":
    main(sys.argv[1:])
