"""Server benchmark: action-to-broadcast latency at N concurrent rooms, memory per room, and the floors.

``python -m bench.server_latency [--rooms 1,100,500,1000] [--seconds 20] [--think 2.0] [--placement split|room]
[--plot docs/latency.png]``

For each N a fresh ``python -m server`` process (one process, in-memory bus) gets N rooms, each with two random bots
and one spectator, all driven from this (one) load-generator process over real websockets. A seated bot acts
``think`` seconds on average (uniform 0.5x-1.5x) after the game starts waiting for it. Latency = from the moment the
acting bot sends an action built on v until the opponent's or the spectator's ``diff`` for v+1 arrives (same clock:
both ends are in this process). Measured over ``--seconds`` after every room is connected. Memory per room = (server
RSS with N rooms connected - RSS before any room) / N.

Floors, measured in the same run: a bare websocket echo round trip on the same stack (bench/echo_app.py) and a Redis
PING round trip (redis.asyncio against a private redis-server). The two-process-over-Redis rows run only when this
build has the Redis bus (server/bus/redis/); otherwise they print "not available". ``--placement`` places their
connections (:func:`measure_rooms`): ``split`` (default, the worst case) puts seat 2 of every room on the process that
does not own it, so its frames and actions are relayed over Redis; ``room`` puts all of a room's connections on its
owner, as an invite link of ``python -m server.cluster`` does.

Prints one line per measurement and writes the plot (p50/p99 against rooms) when matplotlib is installed (the
``bench`` extra). Server and generator share the machine's cores, so the figures are pessimistic.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import subprocess
import sys
import time

import httpx
import msgpack

from bots import random_policy

from .servers import (ROOT, RedisProcess, ServerProcess, _wait_http, free_port, load_settings, raise_fd_limit,
                      redis_bus_available)


def run_generator(coro):
    """Run the load generator's coroutine on uvloop when it is installed (uvicorn[standard] brings it, and the
    server runs on it too), else on asyncio's own loop: the generator shares the two cores with the servers, so
    its CPU per frame is kept as low as the server's."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coro)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(coro)


def generator_collector_off() -> bool:
    """Turn the load generator's own cyclic garbage collector off until :func:`generator_collector_back`: one full
    collection, its survivors frozen, then none. Returns whether it was enabled. Called before the settling second
    that precedes a measurement window, so that the pause of the one collection is over before it. Why: latencies
    are timestamped in this process, so its collections pause every receive; with 1 500 connections decoding
    mid-game frames its generation-1 and -2 collections took 40-310 ms every 2-3 s, which delayed several per cent
    of the samples (docs/performance.md "Where a mid-game action waits"). A window of seconds makes little garbage
    that only a collection would free."""
    was = gc.isenabled()
    gc.collect()
    gc.freeze()
    gc.disable()
    return was


def generator_collector_back(was: bool) -> None:
    """Undo :func:`generator_collector_off` (``was``: what it returned)."""
    if was:
        gc.enable()
    gc.unfreeze()


def pct(xs: list, q: float) -> float | None:
    """The q-quantile of xs by nearest rank (None for no data)."""
    if not xs:
        return None
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def ms(x) -> str:
    return "n/a" if x is None else f"{x * 1000:.2f}"


class Room:
    """The load of one room: two random bots and a spectator; latencies go to ``sink``."""

    def __init__(self, http_ws: list[str], info: dict, sink: list, think: float, rng: random.Random,
                 stats: "Stats") -> None:
        self.urls, self.info, self.sink, self.think, self.rng = http_ws, info, sink, think, rng
        self.stats = stats
        self.recv: dict[int, list] = {}          # version -> [(seat or None, receive time)] while measuring
        self.produced: dict[int, tuple] = {}     # version -> (seat whose action made it, send time)
        self.measuring = False
        self.stop = False

    async def client(self, url: str, token: str | None, seat) -> None:
        """One connection: join, then read every frame at once (receive times are never delayed by thinking);
        a seated bot answers the latest ``legal`` from a separate task after a think time, until stopped."""
        from websockets.asyncio.client import connect
        async with self.stats.connecting:           # bounded concurrent handshakes (the server shares the cores)
            ws = await connect(url, max_size=16 * 2**20, compression=None, ping_interval=None, open_timeout=60)
        me = {"v": None, "pending": None, "n": 0, "sent": {}, "plan": None}
        try:
            async with ws:
                await ws.send(msgpack.packb({"t": "join", "room": self.info["room"], "token": token, "v": None,
                                             "pv": 1}))
                synced = False
                while not self.stop:
                    f = msgpack.unpackb(await ws.recv())
                    now = time.perf_counter()
                    t = f["t"]
                    if t == "end":
                        self.stats.ended += 1
                        return
                    if t == "sync" and not synced:
                        synced = True
                        self.stats.joined += 1
                        if self.stats.joined >= self.stats.expected:
                            self.stats.all_joined.set()
                    if t in ("sync", "diff"):
                        if t == "diff" and self.measuring:
                            self.recv.setdefault(f["v"], []).append((seat, now))
                        if f.get("id") is not None and f.get("id") == me["pending"]:
                            if self.measuring:
                                self.produced[f["v"]] = (seat, me["sent"].pop(f["id"]))
                            me["pending"] = None
                        me["v"] = f["v"]
                        legal = f.get("legal")
                        if legal and seat is not None and me["pending"] is None:
                            if me["plan"] is not None:
                                me["plan"].cancel()
                            me["plan"] = asyncio.create_task(self._act(ws, seat, me, f["v"], legal))
                    elif t == "error":
                        self.stats.error_frames[f.get("code")] = self.stats.error_frames.get(f.get("code"), 0) + 1
                        if f.get("id") == me["pending"]:
                            me["pending"] = None
        finally:
            if me["plan"] is not None:
                me["plan"].cancel()

    async def _act(self, ws, seat: int, me: dict, v: int, legal: list) -> None:
        await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
        if self.stop or me["pending"] is not None or me["v"] != v:
            return
        me["n"] += 1
        me["pending"] = f"{seat}-{me['n']}"
        me["sent"][me["pending"]] = time.perf_counter()
        await ws.send(msgpack.packb({"t": "action", "id": me["pending"], "v": v,
                                     "action": random_policy({}, legal, self.rng)}))

    def latencies(self) -> list[float]:
        """Action sent -> diff received by each other connection of the room (opponent, spectator), seconds."""
        out = []
        for v, (seat, ts) in self.produced.items():
            out += [tr - ts for s, tr in self.recv.get(v, ()) if s != seat]
        return out

    async def run(self) -> None:
        """The three connections; a client that fails is counted in ``stats.failures`` (never swallowed)."""
        results = await asyncio.gather(self.client(self.urls[0], self.info["token"], 1),
                                       self.client(self.urls[1 % len(self.urls)], self.info["token2"], 2),
                                       self.client(self.urls[0], None, None), return_exceptions=True)
        for r in results:
            if isinstance(r, BaseException) and not isinstance(r, asyncio.CancelledError) and not self.stop:
                self.stats.fail(r)


class Stats:
    """Counters of one measurement: connections joined, games ended, client failures by kind, error frames."""

    def __init__(self, expected: int) -> None:
        self.expected = expected
        self.joined = 0
        self.ended = 0
        self.failures: dict[str, int] = {}
        self.first_failure: str | None = None
        self.error_frames: dict = {}
        self.all_joined = asyncio.Event()
        self.connecting = asyncio.Semaphore(64)

    def fail(self, exc: BaseException) -> None:
        key = type(exc).__name__
        self.failures[key] = self.failures.get(key, 0) + 1
        if self.first_failure is None:
            self.first_failure = f"{key}: {exc}"


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds a process has used so far (from /proc)."""
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def measure_rooms(servers: list[ServerProcess], n: int, seconds: float, think: float,
                        window=None, premade: list[dict] | None = None, placement: str = "split",
                        settle: float = 2.0) -> dict:
    """Run n rooms against ``servers`` and measure. Rooms are created on alternating processes (room i on
    ``servers[i % len(servers)]``, which owns it).

    ``placement`` (matters only with several servers): ``"split"`` (the worst case): seat 2 is joined over HTTP
    through the next process, and every room's seat 1 and spectator connect to ``servers[0]``, its seat 2 to
    ``servers[1]``, so each room has connections on a process that does not own it, and their frames and actions
    are relayed over the bus. ``"room"``: seat 2 is joined through the owner, and all three connections of a room go
    to its owner (as in ``python -m server.cluster``, where an invite link carries the creating process's address),
    so nothing is relayed. ValueError for another value.

    ``premade``: rooms that exist already (e.g. restored mid-game from snapshots the servers loaded at start-up):
    ``[{"room", "token", "token2"}]``, used instead of creating ``n`` new ones; with ``placement="room"`` and
    several servers each also needs ``"owner"``: the index in ``servers`` of the process that owns it (ValueError
    without). The result's ``cpu`` holds the CPU used during the window, in cores (CPU seconds / window seconds):
    each server's and the load generator's (this process); ``rooms_relayed``: per server, its
    ``berserk_rooms_relayed`` gauge (rooms with local connections owned by another process) read at the end of the
    window, None for a server without it (the in-memory bus).

    ``window``: an optional async context manager factory entered just before the measurement window and left
    just after it (e.g. to reset and read Redis INFO commandstats); what its ``__aexit__`` leaves in its
    ``result`` attribute is returned under ``"window"``, with ``"actions"`` (client actions acknowledged in the
    window) added.

    Waits (up to 120 s) until all 3n connections have their first ``sync``, then ``settle`` seconds, before
    measuring; this generator's
    own cyclic collector is off from then until the result (:func:`generator_collector_off`). Client failures,
    error frames and server log errors are counted and returned (``failures``, ``error_frames``,
    ``server_errors``), never swallowed."""
    if placement not in ("split", "room"):
        raise ValueError(f"placement {placement!r}: expected 'split' or 'room'")
    own = placement == "room" and len(servers) > 1
    if own and premade and any("owner" not in p for p in premade):
        raise ValueError("placement 'room': every premade room needs its owner (an index in servers)")
    if premade:
        n = len(premade)
    rss0 = servers[0].rss_kb()
    names = None
    lat: list[float] = []
    rooms: list[Room] = []
    stats = Stats(3 * n)
    async with httpx.AsyncClient(timeout=30) as c:
        names = [d["id"] for d in (await c.get(servers[0].http + "/api/decks")).json() if d["starter"]]
        for i, info in enumerate(premade or ()):
            urls = [servers[info["owner"]].ws] if own else [s.ws for s in servers]
            rooms.append(Room(urls, info, lat, think, random.Random(i), stats))
        for i in range(0 if premade else n):
            body = {"decks": [names[i % len(names)], names[(i + 1) % len(names)]], "clock": {"base": 7200}}
            owner = servers[i % len(servers)]
            r = await c.post(owner.http + "/api/rooms", json=body)
            if r.status_code != 201:
                raise RuntimeError(f"room {i + 1} of {n} not created: {r.status_code} {r.text}")
            info = r.json()
            via = owner if own else servers[(i + 1) % len(servers)]
            r = await c.post(f"{via.http}/api/rooms/{info['room']}/join", json={})
            if r.status_code != 200:
                raise RuntimeError(f"room {i + 1} of {n}: seat 2 not joined: {r.status_code} {r.text}")
            info["token2"] = r.json()["token"]
            urls = [owner.ws] if own else [s.ws for s in servers]
            rooms.append(Room(urls, info, lat, think, random.Random(i), stats))
    t_join = time.perf_counter()
    tasks = [asyncio.create_task(r.run()) for r in rooms]
    try:
        await asyncio.wait_for(stats.all_joined.wait(), 120)
    except TimeoutError:
        pass                                                # reported below as joined < connections
    join_s = time.perf_counter() - t_join
    collector_was = generator_collector_off()
    try:
        await asyncio.sleep(settle)                         # let the first moves after joining settle
        return await _measure_window(servers, rooms, tasks, stats, lat, seconds, window, rss0, n, join_s)
    finally:
        generator_collector_back(collector_was)


async def _measure_window(servers, rooms, tasks, stats, lat, seconds, window, rss0, n, join_s) -> dict:
    """The measurement window of :func:`measure_rooms` once every room has joined and settled (its result)."""
    rss = servers[0].rss_kb()
    probe = window() if window is not None else None
    if probe is not None:
        await probe.__aenter__()
    for r in rooms:
        r.measuring = True
    t0 = time.perf_counter()
    cpu0 = [cpu_seconds(s.proc.pid) for s in servers] + [time.process_time()]
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - t0
    cpu1 = [cpu_seconds(s.proc.pid) for s in servers] + [time.process_time()]
    cpu = [round((b - a) / elapsed, 3) for a, b in zip(cpu0, cpu1)]
    relayed = [await rooms_relayed(s.http) for s in servers]
    for r in rooms:
        r.measuring = False
    if probe is not None:
        await probe.__aexit__(None, None, None)
    for r in rooms:
        r.stop = True
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for r in rooms:
        lat += r.latencies()
    server_errors = sum(len(s.errors()) for s in servers)
    extra = {}
    if probe is not None:
        extra["window"] = dict(getattr(probe, "result", {}) or {},
                               actions=sum(len(r.produced) for r in rooms))
    return {**extra, "cpu": {"servers": cpu[:-1], "generator": cpu[-1]}, "rooms": n, "samples": len(lat), "deliveries_per_s": round(len(lat) / elapsed),
            "p50": pct(lat, 0.5), "p99": pct(lat, 0.99), "max": max(lat) if lat else None,
            "kb_per_room": round((rss - rss0) / n, 1) if len(servers) == 1 else None,
            "rss_mb": round(rss / 1024, 1), "connections": 3 * n, "joined": stats.joined,
            "rooms_acting": sum(1 for r in rooms if r.produced), "rooms_relayed": relayed,
            "join_s": round(join_s, 1), "games_ended": stats.ended, "failures": stats.failures,
            "first_failure": stats.first_failure, "error_frames": stats.error_frames,
            "server_errors": server_errors}


async def rooms_relayed(http: str) -> int | None:
    """The server's ``berserk_rooms_relayed`` gauge from its /metrics (rooms with connections on it that another
    process owns), None when it has none (a bus without relays)."""
    async with httpx.AsyncClient(timeout=30) as c:
        text = (await c.get(http + "/metrics")).text
    for line in text.splitlines():
        if line.startswith("berserk_rooms_relayed "):
            return int(float(line.split()[1]))
    return None


async def echo_floor(count: int = 2000) -> dict:
    """Round trips of a 200-byte frame to the bare echo app (same stack), one at a time."""
    from websockets.asyncio.client import connect
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "bench.echo_app", str(port)], cwd=ROOT)
    try:
        _wait_http(f"http://127.0.0.1:{port}/healthz", proc)
        rtts = []
        async with connect(f"ws://127.0.0.1:{port}/ws", compression=None) as ws:
            payload = os.urandom(200)
            for _ in range(count):
                t0 = time.perf_counter()
                await ws.send(payload)
                await ws.recv()
                rtts.append(time.perf_counter() - t0)
        return {"p50": pct(rtts, 0.5), "p99": pct(rtts, 0.99)}
    finally:
        proc.terminate()
        proc.wait(10)


async def redis_floor(count: int = 2000) -> dict:
    """Round trips of PING to a private redis-server (redis.asyncio)."""
    import redis.asyncio as aioredis
    with RedisProcess() as rp:
        r = aioredis.Redis.from_url(rp.url)
        await r.ping()
        rtts = []
        for _ in range(count):
            t0 = time.perf_counter()
            await r.ping()
            rtts.append(time.perf_counter() - t0)
        await r.aclose()
    return {"p50": pct(rtts, 0.5), "p99": pct(rtts, 0.99)}


def report(setup: str, r: dict) -> None:
    """Print one measurement line, then its failures (client exceptions, error frames, server log errors)."""
    print(f"{setup} rooms={r['rooms']} p50={ms(r['p50'])} ms p99={ms(r['p99'])} ms max={ms(r['max'])} ms "
          f"samples={r['samples']} deliveries_per_s={r['deliveries_per_s']} kb_per_room={r['kb_per_room']} "
          f"rss_mb={r['rss_mb']} joined={r['joined']}/{r['connections']} in {r['join_s']} s "
          f"games_ended={r['games_ended']} rooms_relayed={r['rooms_relayed']}", flush=True)
    if r["failures"] or r["error_frames"] or r["server_errors"]:
        print(f"  failures={r['failures']} first={r['first_failure']!r} error_frames={r['error_frames']} "
              f"server_log_errors={r['server_errors']}", flush=True)


def plot(rows: dict, path: str) -> bool:
    """Draw p50/p99 against rooms for each setup in ``rows`` (name -> [result]); False without matplotlib."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for name, results in rows.items():
        xs = [r["rooms"] for r in results if r["p50"] is not None]
        if not xs:
            continue
        ax.plot(xs, [r["p50"] * 1000 for r in results if r["p50"] is not None], "o-", label=f"{name} p50")
        ax.plot(xs, [r["p99"] * 1000 for r in results if r["p50"] is not None], "s--", label=f"{name} p99")
    ax.axhline(50, color="grey", lw=0.8, ls=":")
    ax.set_xlabel("concurrent rooms (2 players + 1 spectator each)")
    ax.set_ylabel("action-to-broadcast latency (ms)")
    ax.set_yscale("log")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    return True


async def amain(args) -> dict:
    levels = [int(x) for x in args.rooms.split(",")]
    print(f"open-files soft limit {raise_fd_limit()} (3 connections per room, 2 sockets each on this machine)")
    out: dict = {"floors": {}, "one_process": [], "two_over_redis": []}
    if not args.no_floors:
        out["floors"]["ws_echo"] = await echo_floor()
        out["floors"]["redis_ping"] = await redis_floor()
        print(f"floor ws_echo_rtt p50={ms(out['floors']['ws_echo']['p50'])} ms "
              f"p99={ms(out['floors']['ws_echo']['p99'])} ms")
        print(f"floor redis_ping p50={ms(out['floors']['redis_ping']['p50'])} ms "
              f"p99={ms(out['floors']['redis_ping']['p99'])} ms")
    # the load generator is one address: lift the per-address room-creation limit and the process caps
    settings = load_settings(max(levels))
    for n in levels:
        with ServerProcess(**settings) as s:
            r = await measure_rooms([s], n, args.seconds, args.think)
        out["one_process"].append(r)
        report("one_process", r)
    if redis_bus_available():
        for n in levels:
            with RedisProcess() as rp, ServerProcess(redis=rp.url, **settings) as a, \
                    ServerProcess(redis=rp.url, **settings) as b:
                r = await measure_rooms([a, b], n, args.seconds, args.think, placement=args.placement)
            out["two_over_redis"].append(r)
            report(f"two_over_redis_{args.placement}", r)
    else:
        print("two_over_redis: not available (this build has no Redis bus, server/bus/redis/)")
    ok = [r["rooms"] for r in out["one_process"]
          if r["p99"] is not None and r["p99"] < 0.05 and r["joined"] == r["connections"] and not r["failures"]]
    print(f"most_rooms_one_process_p99_under_50ms={max(ok) if ok else 'none'} (of the measured levels)")
    if args.plot:
        drawn = plot({"one process": out["one_process"], "two over Redis": out["two_over_redis"]}, args.plot)
        print(f"plot {args.plot}" if drawn else "plot skipped: matplotlib not installed (pip install .[bench])")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(out, fh, indent=1)
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.server_latency")
    ap.add_argument("--rooms", default="1,100,500,1000", help="comma-separated room counts")
    ap.add_argument("--seconds", type=float, default=20.0, help="measurement window per level")
    ap.add_argument("--think", type=float, default=2.0, help="mean seconds a bot waits before acting")
    ap.add_argument("--placement", choices=("split", "room"), default="split",
                    help="two-process rows: seat 2 on the other process (split) or a room's connections on its owner")
    ap.add_argument("--plot", default=os.path.join(ROOT, "docs", "latency.png"))
    ap.add_argument("--no-floors", action="store_true", help="skip the echo and Redis floors")
    ap.add_argument("--json", default=None, help="also write the results to this JSON file")
    run_generator(amain(ap.parse_args(argv)))


if __name__ == "__main__":
    main()
