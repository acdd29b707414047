"""Redis cost of one client action in Redis mode: commands and bytes.

``python -m bench.redis_cost [--rooms 20] [--seconds 10] [--think 0.3] [--before DIR --rounds 2]``

Two ``python -m server`` processes share a private redis-server; ``--rooms`` rooms of two random bots and one
spectator are created on alternating processes, seat 2 joins through the other process (so every room has a relayed
player), and the bots act ``--think`` s on average after they are asked (bench/server_latency.py's load). Just
before the measurement window Redis' counters are reset (``CONFIG RESETSTAT``); right after it ``INFO
commandstats`` and ``INFO stats`` are read. Per client action acknowledged in the window (``actions``):

* ``commands``: every command Redis executed (``calls`` summed over ``INFO commandstats``; the commands that Lua
  scripts run count too, so one EVALSHA doing GET + SET + XADD counts 4);
* ``top_level``: the commands the servers sent themselves (round trips, pipelined or not), estimated as the calls of
  every command but those the bus runs only inside its scripts (``SCRIPT_ONLY``; a GET counts as script-internal,
  the rare top-level snapshot reads of a resync are left out);
  minus the frames the servers' ``APPEND`` scripts published themselves (``berserk_redis_frames_carried_total``
  of the servers named, counted as ``SPUBLISH`` calls although no server sent them);
* ``bytes_in``: bytes the servers sent to Redis (``total_net_input_bytes``), i.e. what an action puts into Redis
  including its protocol framing;
* ``by_command``: calls per action of each command.

Prints one JSON line per run; ``--json PATH`` also writes them. ``--before DIR`` measures the servers of another
checkout too (alternating, ``--rounds`` times), so before and after come from one run.
"""
from __future__ import annotations

import argparse
import asyncio
import json

import redis.asyncio as aioredis

from .server_latency import measure_rooms
from .servers import RedisProcess, ServerProcess, load_settings

#: commands the Redis bus issues only from inside its Lua scripts (server/bus/redis/keys.py)
SCRIPT_ONLY = {"get", "set", "pexpire", "exists", "incr", "del", "xadd", "xrange"}


class CommandStats:
    """Async context manager: ``CONFIG RESETSTAT`` on enter; on exit ``result`` = commandstats (calls, and
    ``usec``: Redis's own time executing them) and bytes in."""

    def __init__(self, url: str, servers: list[str] = ()) -> None:
        self.url, self.servers = url, list(servers)
        self.result: dict = {}

    def _carried(self) -> float:
        from .gc_threshold import scrape
        return sum(scrape(h).get("berserk_redis_frames_carried_total", 0) for h in self.servers)

    async def __aenter__(self):
        self.r = aioredis.Redis.from_url(self.url)
        self.carried0 = self._carried()
        await self.r.config_resetstat()
        return self

    async def __aexit__(self, *exc) -> None:
        stats = await self.r.info("commandstats")
        net = await self.r.info("stats")
        mem = await self.r.info("memory")
        calls = {k.removeprefix("cmdstat_"): v["calls"] for k, v in stats.items()}
        for k in ("config|resetstat", "info"):
            calls.pop(k, None)
        usec = {k.removeprefix("cmdstat_"): v["usec"] for k, v in stats.items()}
        self.result = {"calls": calls, "usec": usec, "bytes_in": net["total_net_input_bytes"],
                       "used_memory": mem["used_memory"], "carried": self._carried() - self.carried0}
        await self.r.aclose()


def per_action(window: dict) -> dict:
    """Commands, bytes and Redis's own execution time (``redis_us``, :func:`_own_usec`) per acknowledged client
    action from a ``measure_rooms`` window result."""
    n = max(1, window["actions"])
    calls = window["calls"]
    total = sum(calls.values())
    top = sum(v for k, v in calls.items() if k not in SCRIPT_ONLY) - window.get("carried", 0)
    return {"actions": window["actions"], "commands": round(total / n, 2), "top_level": round(top / n, 2),
            "carried": round(window.get("carried", 0) / n, 2),
            "bytes_in": round(window["bytes_in"] / n),
            "redis_us": round(_own_usec(window) / n, 1),
            "redis_used_memory_mb": round(window["used_memory"] / 2**20, 1),
            "by_command": {k: round(v / n, 2) for k, v in sorted(calls.items(), key=lambda kv: -kv[1])}}


def _own_usec(window: dict) -> float:
    """Redis's microseconds executing the commands the servers sent (a script's inner commands are in its own time:
    the script-only commands and the carried frames' PUBLISH, its share of all PUBLISH, are left out)."""
    calls, usec = window["calls"], window.get("usec", {})
    total = sum(v for k, v in usec.items() if k in calls and k not in SCRIPT_ONLY)
    pub = calls.get("publish", 0)
    if pub:
        total -= usec.get("publish", 0) * min(1.0, window.get("carried", 0) / pub)
    return total


async def measure(rooms: int, seconds: float, think: float, root: str | None = None, **settings) -> dict:
    """One run: two server processes (from the checkout ``root``, default this one) over one private Redis;
    returns :func:`per_action` plus the latency row."""
    base = dict(load_settings(rooms), **settings)
    where = {"root": root} if root else {}
    with RedisProcess() as rp, ServerProcess(redis=rp.url, **where, **base) as a, \
            ServerProcess(redis=rp.url, **where, **base) as b:
        row = await measure_rooms([a, b], rooms, seconds, think,
                                  window=lambda: CommandStats(rp.url, [a.http, b.http]))
    out = per_action(row.pop("window"))
    out["latency"] = {k: row[k] for k in ("rooms", "samples", "p50", "p99", "failures", "error_frames",
                                          "server_errors")}
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.redis_cost")
    ap.add_argument("--rooms", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--think", type=float, default=0.3)
    ap.add_argument("--json", default=None)
    ap.add_argument("--before", default=None, metavar="DIR",
                    help="also measure the servers of this checkout (e.g. git archive <commit> | tar -x -C DIR), "
                         "alternating with this one, --rounds times")
    ap.add_argument("--rounds", type=int, default=1)
    args = ap.parse_args(argv)
    out: dict = {"after": [], "before": []}
    for _ in range(args.rounds):
        if args.before:
            out["before"].append(asyncio.run(measure(args.rooms, args.seconds, args.think, args.before)))
            print("before", json.dumps(out["before"][-1]), flush=True)
        out["after"].append(asyncio.run(measure(args.rooms, args.seconds, args.think)))
        print("after", json.dumps(out["after"][-1]), flush=True)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(out, fh, indent=1)


if __name__ == "__main__":
    main()
