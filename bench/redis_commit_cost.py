"""Measure what one durable commit costs on the Redis bus (docs/scaling.md "What was measured").

Plays seeded random games through the real engine and, after every action, commits the way the Redis bus does (the
fenced WRITE script storing the whole room snapshot), and for comparison appends the action to a stream (XADD, the
"append-only log" alternative). Starts its own redis-server on a free port.

    python -m bench.redis_commit_cost --games 3
"""
from __future__ import annotations

import argparse
import random
import shutil
import socket
import statistics
import subprocess
import time

import msgpack
import redis

from engine import Game, load_deck
from server.bus.redis import keys as K

DECKS = ["Forests-Mountains (classic 2003)", "Steppes-Swamps (2023 relaunch cards)"]


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=3)
    args = ap.parse_args()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = subprocess.Popen([shutil.which("redis-server"), "--port", str(port), "--save", "", "--appendonly", "no"],
                           stdout=subprocess.DEVNULL)
    try:
        r = redis.Redis(port=port)
        for _ in range(200):
            try:
                r.ping()
                break
            except redis.ConnectionError:
                time.sleep(0.05)
        write, acquire = r.register_script(K.WRITE), r.register_script(K.ACQUIRE)
        sizes, snap_ms, log_ms, encode_ms, actions = [], [], [], [], 0
        for g_i in range(args.games):
            room = f"m{g_i}"
            e = acquire(keys=[K.lease(room), K.epoch(room), K.snap(room)], args=["me", 5000, "new", 86400000])
            rng = random.Random(g_i)
            g = Game.new(seed=g_i, deck1=load_deck(DECKS[0]), deck2=load_deck(DECKS[1]))
            while g.result is None and g.version < 3000:
                p = g.to_act()
                legal = [a for a in g.legal_actions(p) if a["act"] != "concede"]
                action = rng.choice(legal)
                g.apply(p, action)
                actions += 1
                t0 = time.perf_counter()
                blob = msgpack.packb({"game": g.snapshot()}, use_bin_type=True)
                t1 = time.perf_counter()
                write(keys=[K.lease(room), K.epoch(room), K.snap(room), K.snap(room)],
                      args=[f"me:{e}", e, 5000, "set", blob, 86400000])
                t2 = time.perf_counter()
                r.xadd(f"bz:{{{room}}}:log", {"p": p, "a": msgpack.packb(action)})
                t3 = time.perf_counter()
                sizes.append(len(blob))
                encode_ms.append((t1 - t0) * 1000)
                snap_ms.append((t2 - t1) * 1000)
                log_ms.append((t3 - t2) * 1000)
        print(f"{args.games} games, {actions} actions (redis-server {r.info()['redis_version']}, loopback)")
        print(f"snapshot bytes: median {statistics.median(sizes):.0f}, max {max(sizes)}")
        print(f"snapshot encode ms: p50 {pct(encode_ms, .5):.3f} p99 {pct(encode_ms, .99):.3f}")
        print(f"fenced snapshot WRITE ms: p50 {pct(snap_ms, .5):.3f} p99 {pct(snap_ms, .99):.3f}")
        print(f"XADD action ms: p50 {pct(log_ms, .5):.3f} p99 {pct(log_ms, .99):.3f}")
    finally:
        srv.terminate()
        srv.wait()


if __name__ == "__main__":
    main()
