"""Do thinking computers slow the rooms? Human-paced rooms' latency with and without expert games on one server.

``python -m bench.bot_rooms [--rooms 100] [--experts 20] [--seconds 30] [--think 2.0]``

Two fresh ``python -m server`` processes, one after the other, each measured as bench/server_latency.py measures
(``measure_rooms``: ``--rooms`` rooms of two random players acting ``--think`` s on average after the game waits
for them, plus a spectator; latency = action sent to the other connections' diff received): the first alone, the
second while ``--experts`` games against the ``expert`` level run on the same process (each: a room with
``"opponent": "bot", "bot": "expert"`` at the server's default bot pace and a human-paced client in seat 1,
server/bot.py ``run`` with the casual policy and 2 s per action; a finished game is replaced by a new one), driven from a child process so that the measuring
generator reads its rooms' frames undisturbed. The experts think in the server's process pool
(server/bot_pool.py), never on its event loop. Prints both p50 / p99 / max, the p99 ratio (goal: at most 1.2) and
the servers' CPU in cores, and the expert decisions the pool answered during the window (server /metrics
``berserk_bot_decisions_total``). The load generator shares the machine.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import time

import httpx

from .server_latency import measure_rooms, ms, run_generator
from .servers import ROOT, ServerProcess

GOAL = 1.2
#: Seconds the expert's opponents (people, here a casual client) take per action.
HUMAN_THINK = 2.0


async def _expert_games(server: ServerProcess, n: int, stop: asyncio.Event, counts: dict) -> None:
    """Keep ``n`` games against the expert running on ``server`` until ``stop``."""
    from server.bot import run

    async def one(i: int) -> None:
        async with httpx.AsyncClient(timeout=60) as c:
            while not stop.is_set():
                r = await c.post(server.http + "/api/rooms", json={"opponent": "bot", "bot": "expert",
                                                                   "clock": None})
                if r.status_code != 201:
                    counts["refused"] = counts.get("refused", 0) + 1
                    return
                room = r.json()
                game = asyncio.create_task(run(server.ws, room["room"], room["token"], "casual", seed=i,
                                              think=HUMAN_THINK))
                waiter = asyncio.create_task(stop.wait())
                await asyncio.wait([game, waiter], return_when=asyncio.FIRST_COMPLETED)
                waiter.cancel()
                if game.done():
                    counts["games"] = counts.get("games", 0) + 1
                else:
                    game.cancel()
    await asyncio.gather(*(one(i) for i in range(n)), return_exceptions=True)


class _Decisions:
    """The measurement window's probe: expert decisions the server's pool answered during it (from /metrics)."""

    def __init__(self, server: ServerProcess) -> None:
        self.server, self.result = server, {}

    async def _answered(self) -> int:
        async with httpx.AsyncClient(timeout=30) as c:
            text = (await c.get(self.server.http + "/metrics")).text
        line = next((x for x in text.splitlines() if x.startswith('berserk_bot_decisions_total{state="finished"}')), "")
        return int(float(line.split()[-1])) if line else 0

    async def __aenter__(self):
        self.start = await self._answered()
        return self

    async def __aexit__(self, *exc) -> None:
        self.result = {"expert_decisions": await self._answered() - self.start}


async def measure(rooms: int, experts: int, seconds: float, think: float) -> dict:
    """One fresh server: ``experts`` expert games started first (if any), then the rooms measured."""
    with ServerProcess(create_burst=1000, create_per_min=100000) as server:     # the bot's default pace
        driver = None
        if experts:                                 # their clients in a process of their own, not the generator
            driver = subprocess.Popen([sys.executable, "-m", "bench.bot_rooms", "--drive", server.http,
                                       "--experts", str(experts)], cwd=ROOT)
            await asyncio.sleep(5.0)                # the games under way (their prelim moves, the pool started)
        try:
            return await measure_rooms([server], rooms, seconds, think, window=lambda: _Decisions(server))
        finally:
            if driver is not None:
                driver.terminate()
                driver.wait(30)


def drive(http: str, experts: int) -> None:
    """The ``--drive`` child: keep ``experts`` games against the expert running on the server at ``http``."""
    server = ServerProcess.__new__(ServerProcess)
    server.port = int(http.rsplit(":", 1)[1])
    asyncio.run(_expert_games(server, experts, asyncio.Event(), {}))


async def amain(args) -> dict:
    base = await measure(args.rooms, 0, args.seconds, args.think)
    busy = await measure(args.rooms, args.experts, args.seconds, args.think)
    for name, r in (("alone", base), (f"with {args.experts} expert games", busy)):
        print(f"{args.rooms} rooms {name}: p50 {ms(r['p50'])} ms, p99 {ms(r['p99'])} ms, max {ms(r['max'])} ms, "
              f"{r['samples']} deliveries, server CPU {r['cpu']['servers']} cores, failures {r['failures']}, "
              f"expert decisions answered in the window {r['window']['expert_decisions']}", flush=True)
    ratio = busy["p99"] / base["p99"] if base["p99"] and busy["p99"] else None
    print(f"p99 ratio {ratio:.2f} (goal <= {GOAL})" if ratio else "p99 ratio n/a")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end")
    return {"alone": base, "busy": busy, "ratio": ratio}


def main(argv=None) -> None:
    """CLI entry point (see the module docstring)."""
    ap = argparse.ArgumentParser(prog="python -m bench.bot_rooms", description=__doc__.split("\n")[0])
    ap.add_argument("--rooms", type=int, default=100)
    ap.add_argument("--experts", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--think", type=float, default=2.0, help="mean seconds a human-paced player takes to act")
    ap.add_argument("--drive", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.drive:
        return drive(args.drive, args.experts)
    t0 = time.time()
    run_generator(amain(args))
    print(f"{time.time() - t0:.0f} s")


if __name__ == "__main__":
    main()
