#!/usr/bin/env python3
"""How long a game against bots lasts at the server's real pace (docs/server.md, "Pace").

Starts `allegra serve` with its default pacing (bot delay, knock window, round pause; scratch
database) and plays GAMES games at once, each as seat 0 of a table of one person and three
`medium` bots, 3 rounds. The person answers at once (a random legal action after THINK ms: 0 by
default), passes every knock window, gives on every knock (the first `give N`) and presses
Continue (`ready`) at each round end if the server knows it. Prints, per game, the wall time,
the draws from the draw pile, the bots' knocks and the person's give/keep
decisions, and the mean. Standard library only (the WebSocket client of frame_anatomy.py).

Usage: scripts/game_pace.py [ALLEGRA] [--games N] [--rounds N] [--think MS] [--json]
"""
import argparse
import json
import random
import re
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from frame_anatomy import Ws  # noqa: E402


def play(port, rounds, seed, think_ms, out):
    ws = Ws(port)
    ws.sock.settimeout(120)
    rng = random.Random(seed)
    stats = {"draws": 0, "knocks": 0, "give_keep": 0, "ready_sent": 0}
    ws.send({"type": "hello", "version": 1, "name": "Pace"})
    ws.send({"type": "create", "id": 1, "options": {"players": 4, "rounds": rounds},
             "seats": ["person", "bot:medium", "bot:medium", "bot:medium"],
             "public": False, "sit": 0})
    started = None
    answered = None
    readied = None
    while True:
        frame = json.loads(ws.receive())
        if frame.get("type") == "error":
            raise RuntimeError(frame)
        if frame.get("id") == 1 and frame.get("type") == "created":
            ws.send({"type": "start"})
            started = time.time()
        for e in frame.get("events", []):
            if e.get("type") == "drew" and e.get("pile") == "draw":
                stats["draws"] += 1
            if e.get("type") == "knocked" and e.get("player") != 0:
                stats["knocks"] += 1
        table = frame.get("table")
        if not table:
            continue
        if table.get("status") == "over":
            break
        ro = table.get("round_over")
        if ro and "ready" in ro and readied != table["view"]["rounds_played"]:
            readied = table["view"]["rounds_played"]
            ws.send({"type": "ready"})
            stats["ready_sent"] += 1
        for p in table.get("pending", []):
            if p["seat"] != 0 or not p["legal"] or answered == p.get("decision"):
                continue
            answered = p.get("decision")
            legal = p["legal"]
            gives = [a for a in legal if a.startswith("give ")]
            if gives:
                stats["give_keep"] += 1
                action = gives[0]
            elif "pass" in legal:
                action = "pass"
            else:
                action = rng.choice(legal)
            if think_ms:
                time.sleep(think_ms / 1000)
            ws.send({"type": "act", "action": action, "decision": p["decision"]})
    stats["seconds"] = round(time.time() - started, 1)
    out.append(stats)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("allegra", nargs="?", default="build/release/allegra")
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--think", type=int, default=0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [args.allegra, "serve", "--port", "0", "--db", f"{tmp}/s.sqlite", "--log-level",
             "warn"], stdout=subprocess.PIPE, text=True)
        try:
            line = server.stdout.readline()
            port = int(re.search(r":(\d+)/?$", line.strip()).group(1))
            threads = [threading.Thread(target=play, args=(port, args.rounds, g + 1, args.think,
                                                           out)) for g in range(args.games)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
        finally:
            server.terminate()
            server.wait(10)
    if args.json:
        print(json.dumps(out, indent=1))
        return
    for s in out:
        print(f"{s['seconds']:7.1f} s  {s['draws']:3} draws from the "
              f"pile  {s['knocks']:3} bot knocks  {s['give_keep']:3} give/keep  "
              f"{s['ready_sent']} continue")
    if out:
        mean = sum(s["seconds"] for s in out) / len(out)
        print(f"mean {mean:.1f} s ({mean / 60:.1f} min) over {len(out)} games")


if __name__ == "__main__":
    main()
