#!/usr/bin/env python3
"""Where the bytes of a game's frames go (docs/server.md, "Delta frames: the plan").

Starts `allegra serve` (scratch database), plays one whole game as seat 0 of a table of one
person and three easy bots (random legal actions), records every frame seat 0 receives, and
prints, over the game's `update` frames: the average bytes of each part of the frame (events,
the view's keys, pending, config, seats, the rest), how many bytes of each part changed from
the previous frame, and what a delta frame (the events, the changed view keys, pending) would
weigh. Standard library only: a minimal WebSocket client without extensions.

Usage: scripts/frame_anatomy.py [ALLEGRA] [--players N] [--rounds N] [--seed N] [--json]
"""
import argparse
import base64
import json
import os
import random
import re
import socket
import struct
import subprocess
import sys
import tempfile
import time


class Ws:
    """A blocking WebSocket client: text frames only, masked as a client must."""

    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                           "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError(f"no WebSocket upgrade: {head!r}")
        self.wire_bytes = 0

    def send(self, message):
        data = json.dumps(message).encode()
        mask = os.urandom(4)
        n = len(data)
        head = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else
                                bytes([0x80 | 126]) + struct.pack(">H", n))
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _read(self, n):
        out = b""
        while len(out) < n:
            chunk = self.sock.recv(n - len(out))
            if not chunk:
                raise RuntimeError("the server closed the connection")
            out += chunk
        self.wire_bytes += n
        return out

    def receive(self):
        """The next text message's text (fragments joined, control frames skipped)."""
        message = b""
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(n)
            if b0 & 0x0F in (0, 1):  # a text frame or its continuation
                message += payload
                if b0 & 0x80:
                    return message.decode()


def size(value):
    return len(json.dumps(value, separators=(",", ":")))


def play(port, players, rounds, seed):
    ws = Ws(port)
    rng = random.Random(seed)
    frames = []

    def until(match):
        while True:
            text = ws.receive()
            frame = json.loads(text)
            frames.append((text, frame))
            if match(frame):
                return frame

    ws.send({"type": "hello", "version": 1, "name": "Anatomy"})
    until(lambda f: f["type"] == "welcome")
    ws.send({"type": "create", "id": 1, "options": {"players": players, "rounds": rounds},
             "seats": ["person"] + ["bot:easy"] * (players - 1), "public": False,
             "knock_window_s": 1, "sit": 0})
    until(lambda f: f.get("id") == 1)
    ws.send({"type": "start"})
    answered = None
    while True:
        frame = until(lambda f: "table" in f)
        table = frame["table"]
        if table.get("status") == "over":
            break
        for p in table.get("pending", []):
            if p["seat"] == 0 and p["legal"] and answered != p.get("decision"):
                answered = p.get("decision")
                ws.send({"type": "act", "action": rng.choice(p["legal"]),
                         "decision": p["decision"]})
    return frames, ws.wire_bytes


def anatomy(frames):
    updates = [(t, f) for t, f in frames if f["type"] == "update"]
    parts, changed = {}, {}
    delta_sizes, cell_counts, cell_bytes = [], [], []
    previous = None
    for text, frame in updates:
        table = frame["table"]
        pieces = {"events": frame.get("events", [])}
        for key, value in table.items():
            if key == "view" and isinstance(value, dict):
                for vkey, vvalue in value.items():
                    pieces["view." + vkey] = vvalue
            else:
                pieces["table." + key] = value
        whole = len(text)
        known = sum(size(v) + len(k.split(".")[-1]) + 4 for k, v in pieces.items())
        pieces["(keys, seq, type)"] = None
        delta = size(frame.get("events", [])) + 40  # type, seq, braces
        for key, value in pieces.items():
            b = (whole - known if value is None and key.startswith("(") else
                 size(value) + len(key.split(".")[-1]) + 4)
            parts[key] = parts.get(key, 0) + b
            same = previous is not None and key in previous and previous[key] == value
            if key != "events" and not key.startswith("(") and not same:
                changed[key] = changed.get(key, 0) + b
                delta += b
        delta_sizes.append(delta)
        # The grids cell by cell: a delta would name the changed cells only.
        if previous is not None and "view.grids" in previous and "view.grids" in pieces:
            old, new = previous["view.grids"], pieces["view.grids"]
            if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
                cells = [(p, i, c) for p, (og, ng) in enumerate(zip(old, new))
                         for i, (oc, c) in enumerate(zip(og, ng)) if oc != c]
                cell_counts.append(len(cells))
                cell_bytes.append(size([[p, i, c] for p, i, c in cells]) if cells else 0)
        previous = pieces
    n = len(updates)
    return {
        "updates": n,
        "bytes_per_update": sum(len(t) for t, _ in updates) / n,
        "parts": {k: v / n for k, v in sorted(parts.items(), key=lambda kv: -kv[1])},
        "changed": {k: changed.get(k, 0) / n for k in parts},
        "delta_per_update": sum(delta_sizes) / n,
        "grid_cells_changed_per_update": sum(cell_counts) / max(1, len(cell_counts)),
        "grid_cell_delta_bytes_per_update": sum(cell_bytes) / max(1, len(cell_bytes)),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("allegra", nargs="?", default="build/release/allegra")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [args.allegra, "serve", "--port", "0", "--db", f"{tmp}/s.sqlite", "--log-level", "warn",
             "--bot-delay", "0-0"], stdout=subprocess.PIPE, text=True)
        try:
            line = server.stdout.readline()
            port = int(re.search(r":(\d+)/?$", line.strip()).group(1))
            started = time.time()
            frames, wire = play(port, args.players, args.rounds, args.seed)
        finally:
            server.terminate()
            server.wait(10)
    a = anatomy(frames)
    a["frames"] = len(frames)
    a["wire_bytes"] = wire
    a["seconds"] = round(time.time() - started, 1)
    if args.json:
        print(json.dumps(a, indent=1))
        return
    print(f"{a['frames']} frames, {a['updates']} updates, {a['bytes_per_update']:.0f} bytes per "
          f"update; a delta (events + changed parts + pending) {a['delta_per_update']:.0f}")
    print(f"grids cell by cell: {a['grid_cells_changed_per_update']:.2f} cells changed per update, "
          f"{a['grid_cell_delta_bytes_per_update']:.0f} bytes as [[player, cell, CELL], ...]")
    print(f"{'part':28} {'bytes/update':>12} {'changed/update':>15}")
    for key, b in a["parts"].items():
        print(f"{key:28} {b:12.0f} {a['changed'][key]:15.0f}")


if __name__ == "__main__":
    sys.exit(main())
