"""Two processes over Redis against one process, alternating in one run, with the cross-process latency split by
pub/sub hops ("the cross-process p50 overhead over one process is at most 1 ms at 100 rooms").

``python -m bench.redis_ab [--rooms 100] [--kinds fresh,mid] [--seconds 12] [--think 2.0] [--rounds 2]
[--before DIR] [--no-one]``

Each round measures, for each kind, one process (SQLite store) and then two processes over one private
redis-server (bench/all.py ``server_level``'s load: rooms of two random bots + one spectator; seat 1 and the
spectator on the first process, seat 2 on the second). ``--before DIR`` (e.g. ``git archive`` of an older commit
in /tmp) adds that checkout's two-process level to every round, so before/after alternate as well.

Per Redis level it also prints the latencies by the number of pub/sub hops a delivery took: "none" (the actor and
the receiver on the owner's process: only the commit differs from one process), "in" (the action came in over the
room's inbox channel), "out" (the frame went out over the receiver's process channel) or "in+out", from where each room's
owner is (fresh rooms: the process that created them; mid-game rooms: the process holding its lease), and the
Redis commands, round trips and bytes per client action (``INFO commandstats``, bench/redis_cost.py).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import tempfile

import redis

from server.bus.redis import keys as K

from . import server_latency as SL
from .gc_threshold import scrape
from .all import PhaseWindow, midgame_rooms, seed_redis, seed_sql
from .redis_cost import CommandStats, per_action
from .servers import ROOT, RedisProcess, ServerProcess, load_settings, raise_fd_limit

_ROOMS: list = []            # the bench's Room objects of the running level, in creation order


class _TracedRoom(SL.Room):
    def __init__(self, *a, **k) -> None:
        super().__init__(*a, **k)
        _ROOMS.append(self)


def by_hops(rooms: list, owner_of) -> dict:
    """p50 / p99 / count of the deliveries by pub/sub hops; ``owner_of(i, room)`` -> 0 or 1 (server index) or
    None (unknown: skipped). Seat 1 and the spectator sit on server 0, seat 2 on server 1."""
    where = {1: 0, 2: 1, None: 0}
    out: dict[str, list] = {"none": [], "in": [], "out": [], "in+out": []}
    for i, r in enumerate(rooms):
        o = owner_of(i, r)
        if o is None:
            continue
        for v, (seat, ts) in r.produced.items():
            for s, tr in r.recv.get(v, ()):
                if s != seat:
                    hop = "+".join(h for h, yes in (("in", where[seat] != o), ("out", where[s] != o)) if yes)
                    out[hop or "none"].append(tr - ts)
    return {h: {"n": len(x), "p50": SL.pct(x, 0.5), "p99": SL.pct(x, 0.99)} for h, x in out.items()}


def _lease_owners(url: str, rooms: list) -> dict[str, str]:
    c = redis.Redis.from_url(url)
    try:
        got = c.mget([K.lease(r.info["room"]) for r in rooms])
    finally:
        c.close()
    return {r.info["room"]: (h or b"").decode().split(":", 1)[0] for r, h in zip(rooms, got)}


async def level(setup: str, n: int, kind: str, args, root: str = ROOT) -> dict:
    """One measurement (``setup`` "one" or "redis") from the checkout ``root``."""
    settings = load_settings(n)
    premade = midgame_rooms(n, args.seed + n) if kind == "mid" else None
    tmp = tempfile.mkdtemp(prefix="bench-ab-")
    _ROOMS.clear()
    try:
        if setup == "one":
            if premade:
                await seed_sql(tmp, premade)
            with ServerProcess(root=root, data_dir=tmp, **settings) as s:
                r = await SL.measure_rooms([s], n, args.seconds, args.think, premade=premade,
                                           window=lambda: PhaseWindow(s.http))
                r["phases_us"] = r.pop("window")["phases_us"]
        else:
            with RedisProcess() as rp:
                if premade:
                    seed_redis(rp.url, premade)
                with ServerProcess(root=root, redis=rp.url, **settings) as a, \
                        ServerProcess(root=root, redis=rp.url, **settings) as b:
                    r = await SL.measure_rooms([a, b], n, args.seconds, args.think, premade=premade,
                                               window=lambda: PhaseWindow(a.http, CommandStats(rp.url, [a.http, b.http])))
                    r["phases_us"] = r["window"]["phases_us"]
                    r["redis_per_action"] = per_action(r.pop("window"))
                    rooms = list(_ROOMS)
                    if premade:
                        owners = _lease_owners(rp.url, rooms)
                        counts = [rooms_gauge(s.http) for s in (a, b)]
                        pids = sorted(set(owners.values()), key=lambda p: -list(owners.values()).count(p))
                        # the process owning more rooms is the one whose gauge is larger
                        big = 0 if counts[0] >= counts[1] else 1
                        pid_to_server = {pids[0]: big} if pids else {}
                        if len(pids) > 1:
                            pid_to_server[pids[1]] = 1 - big
                        r["hops"] = by_hops(rooms, lambda i, room: pid_to_server.get(owners[room.info["room"]]))
                    else:
                        r["hops"] = by_hops(rooms, lambda i, room: i % 2)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    r["setup"], r["kind"], r["root"] = setup, kind, root
    return r


def rooms_gauge(http: str) -> float:
    """The server's ``berserk_rooms`` gauge (rooms it owns)."""
    return scrape(http).get("berserk_rooms", 0)


def line(r: dict) -> str:
    cpu = r["cpu"]
    s = (f"{r['setup']:6} {r['kind']:5} {os.path.basename(r['root'].rstrip('/')):12} p50={SL.ms(r['p50'])} "
         f"p99={SL.ms(r['p99'])} n={r['samples']} cpu={cpu['servers']}+gen {cpu['generator']} "
         f"joined={r['joined']}/{r['connections']} fail={r['failures'] or ''} errs={r['server_errors']}")
    if "hops" in r:
        s += " | hops " + " ".join(f"{h}:{SL.ms(x['p50'])}/{SL.ms(x['p99'])}({x['n']})" for h, x in r["hops"].items())
    if "redis_per_action" in r:
        p = r["redis_per_action"]
        s += (f" | redis/action cmds={p['commands']} sent={p['top_level']} carried={p.get('carried', 0)} "
              f"bytes={p['bytes_in']} evalsha={p['by_command'].get('evalsha')} spublish={p['by_command'].get('spublish')}")
    ph = r.get("phases_us") or {}
    s += " | commit " + str(ph.get("commit")) + " us"
    return s


async def amain(args) -> list:
    raise_fd_limit()
    SL.Room = _TracedRoom
    out = []
    kinds = [k for k in args.kinds.split(",") if k]
    for rnd in range(args.rounds):
        for kind in kinds:
            plan = ([] if args.no_one else [("one", ROOT)]) + [("redis", ROOT)] + \
                ([("redis", args.before)] if args.before else [])
            if rnd % 2:
                plan.reverse()
            for setup, root in plan:
                r = await level(setup, args.rooms, kind, args, root)
                print(f"round {rnd + 1} " + line(r), flush=True)
                out.append({k: v for k, v in r.items() if k not in ("window",)})
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(out, fh, indent=1, default=str)
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.redis_ab")
    ap.add_argument("--rooms", type=int, default=100)
    ap.add_argument("--kinds", default="fresh,mid")
    ap.add_argument("--seconds", type=float, default=12.0)
    ap.add_argument("--think", type=float, default=2.0)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--before", default=None, metavar="DIR", help="another checkout's two-process level too")
    ap.add_argument("--no-one", action="store_true", help="skip the one-process level")
    ap.add_argument("--json", default=None)
    SL.run_generator(amain(ap.parse_args(argv)))


if __name__ == "__main__":
    main()
