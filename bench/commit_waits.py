"""What a room's commit waits on, counted inside the servers during one measurement window.

``python -m bench.commit_waits [--setup one|redis] [--kind mid|fresh] [--rooms 150] [--seconds 10] [--think 2.0]``

Runs the rooms of bench/all.py (mid-game rooms restored at v 60-400, or fresh ones) against servers started as
``python -m bench.commit_waits_server`` (the server with timers around the commit path, that module's docstring)
and prints, for the window only, n / mean / p50 / p99 / max / sum of each timer (us; bytes and frames as counts),
with the load average at the start and the end: the share of the commit spent in the SQLite write or the Redis
round trip, writes made while a checkpoint ran against the others, checkpoint durations, what each commit wrote.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import statistics
import tempfile

from . import all as A
from .server_latency import measure_rooms
from .servers import RedisProcess, ServerProcess, load_settings

COUNTS = ("bytes", "frames")


class TimedServer(ServerProcess):
    """A ServerProcess running bench/commit_waits_server.py, its timers in ``out``."""

    def __init__(self, out: str, **settings) -> None:
        super().__init__(**settings)
        self.args[1:3] = ["-m", "bench.commit_waits_server"]
        self.out = out

    def __enter__(self) -> "TimedServer":
        os.environ["COMMIT_WAITS_OUT"] = self.out
        return super().__enter__()

    def samples(self) -> dict:
        with open(self.out) as fh:
            return json.load(fh)


class Window:
    """measure_rooms's window: the timers' samples taken within it, per server."""

    def __init__(self, servers: list[TimedServer]) -> None:
        self.servers, self.result = servers, {}

    async def __aenter__(self):
        await asyncio.sleep(0.6)                    # one dump of the servers' timers
        self.before = [s.samples() for s in self.servers]

    async def __aexit__(self, *exc) -> None:
        await asyncio.sleep(0.6)
        after = [s.samples() for s in self.servers]
        self.result = {"servers": [{k: v[len(b.get(k, [])):] for k, v in a.items()}
                                   for b, a in zip(self.before, after)]}


def summary(xs: list[float], count: bool) -> str:
    xs, unit = sorted(xs), 1 if count else 1e6
    q = lambda p: xs[min(len(xs) - 1, int(p * len(xs)))] * unit
    return (f"n={len(xs):6} mean={statistics.mean(xs) * unit:10.1f} p50={q(.5):10.1f} p99={q(.99):10.1f} "
            f"max={xs[-1] * unit:10.1f} sum={sum(xs) * unit:12.0f}")


async def run(args) -> None:
    settings = load_settings(args.rooms)
    premade = A.midgame_rooms(args.rooms, args.seed + args.rooms) if args.kind == "mid" else None
    tmp = tempfile.mkdtemp(prefix="commit-waits-")
    print(f"load average at the start {os.getloadavg()}", flush=True)
    try:
        if args.setup == "one":
            if premade:
                await A.seed_sql(tmp, premade)
            with TimedServer(os.path.join(tmp, "t0.json"), data_dir=tmp, **settings) as s:
                r = await measure_rooms([s], args.rooms, args.seconds, args.think, premade=premade,
                                        window=lambda: Window([s]))
        else:
            with RedisProcess() as rp, contextlib.ExitStack() as stack:
                half = len(premade) // 2 if premade else 0
                servers = []
                for i, part in enumerate((premade[:half], premade[half:]) if premade else ((), ())):
                    if part:
                        A.seed_redis(rp.url, part)
                    servers.append(stack.enter_context(TimedServer(os.path.join(tmp, f"t{i}.json"),
                                                                   redis=rp.url, **settings)))
                r = await measure_rooms(servers, args.rooms, args.seconds, args.think, premade=premade,
                                        window=lambda: Window(servers))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"load average at the end {os.getloadavg()}")
    print(f"{args.setup} {args.kind} rooms={args.rooms} p50={r['p50'] * 1e3:.2f} ms p99={r['p99'] * 1e3:.2f} ms "
          f"cpu={r['cpu']} joined={r['joined']}/{r['connections']} failures={r['failures']}")
    for i, got in enumerate(r["window"]["servers"]):
        print(f"server {i}, window only (us; bytes and frames as counts):")
        for k in sorted(got):
            if got[k]:
                print(f"  {k:24} {summary(got[k], any(c in k for c in COUNTS) or k.startswith('encb'))}")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.commit_waits")
    ap.add_argument("--setup", choices=("one", "redis"), default="one")
    ap.add_argument("--kind", choices=("fresh", "mid"), default="mid")
    ap.add_argument("--rooms", type=int, default=150)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--think", type=float, default=2.0)
    ap.add_argument("--seed", type=int, default=7)
    asyncio.run(run(ap.parse_args(argv)))


if __name__ == "__main__":
    main()
