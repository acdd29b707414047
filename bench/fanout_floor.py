"""The fan-out floor of a server level: the same rooms, connections, frame sizes and think times
as ``bench.server_latency.measure_rooms``, on a bare Starlette + uvicorn fan-out with no game (bench/echo_app.py
``/room/{room}``).

Each room has two players and a spectator. The player to act waits ``think`` seconds on average (uniform 0.5x-1.5x),
then sends a ``frame``-byte frame; the app sends it to all three connections; the opponent then acts in turn.
Latency = from that send until the opponent's and the spectator's copies arrive (both ends in this process, as for
the game). This is what a game server's action-to-broadcast latency would be if the game cost nothing: the project's
"echo" floor (a lone round trip, ``server_latency.echo_floor``, measures no load at all).

``python -m bench.fanout_floor [--rooms 100,500] [--seconds 12] [--think 2.0]``
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import struct
import subprocess
import sys
import time

from .servers import ROOT, _wait_http, free_port, raise_fd_limit
from .server_latency import cpu_seconds, generator_collector_back, generator_collector_off, ms, pct, run_generator

HEADER = struct.Struct("<IQ")        # sender's seat index (0, 1) and the sequence number of the room's action


class FanoutRoom:
    """The load of one room on the fan-out app: ``sink`` gets the latencies (seconds) while ``measuring``."""

    def __init__(self, url: str, sink: list, think: float, frame: int, rng: random.Random) -> None:
        self.url, self.sink, self.think, self.rng = url, sink, think, rng
        self.payload = os.urandom(max(0, frame - HEADER.size))
        self.sent: dict[int, float] = {}
        self.measuring = False
        self.stop = False
        self.seq = 0
        self.acts = 0

    async def run(self, joined: asyncio.Event, joined_count: list, expected: int) -> None:
        """Connect the three clients, then play until ``stop``: seat 0 acts first, then whoever received the
        other seat's last frame."""
        from websockets.asyncio.client import connect
        conns = [await connect(self.url, compression=None, ping_interval=None, open_timeout=60) for _ in range(3)]
        joined_count[0] += 3
        if joined_count[0] >= expected:
            joined.set()
        await joined.wait()
        turn = asyncio.Queue()
        turn.put_nowait(0)
        readers = [asyncio.create_task(self._read(ws, i, turn)) for i, ws in enumerate(conns)]
        try:
            while not self.stop:
                seat = await turn.get()
                await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
                if self.stop:
                    break
                self.seq += 1
                self.sent[self.seq] = time.perf_counter()
                self.acts += self.measuring
                await conns[seat].send(HEADER.pack(seat, self.seq) + self.payload)
        finally:
            for r in readers:
                r.cancel()
            for ws in conns:
                await ws.close()

    async def _read(self, ws, me: int, turn: asyncio.Queue) -> None:
        while True:
            data = await ws.recv()
            now = time.perf_counter()
            seat, seq = HEADER.unpack_from(data)
            if seat == me:
                continue                        # the sender's own copy: its acknowledgement
            if self.measuring:
                self.sink.append(now - self.sent.get(seq, now))
            if me == 1 - seat:                  # the opponent got it: its turn
                turn.put_nowait(me)


async def fanout_floor(n: int, seconds: float, think: float, frame: int = 200) -> dict:
    """``n`` rooms on a fresh fan-out app for ``seconds``: ``{"rooms", "p50", "p99" (seconds), "samples",
    "actions", "cpu" (the app's cores in the window), "us_per_action" (its CPU per action)}``."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "bench.echo_app", str(port)], cwd=ROOT)
    try:
        _wait_http(f"http://127.0.0.1:{port}/healthz", proc)
        lat: list[float] = []
        rooms = [FanoutRoom(f"ws://127.0.0.1:{port}/room/r{i}", lat, think, frame, random.Random(i))
                 for i in range(n)]
        joined, count = asyncio.Event(), [0]
        tasks = [asyncio.create_task(r.run(joined, count, 3 * n)) for r in rooms]
        await asyncio.wait_for(joined.wait(), 120)
        collector_was = generator_collector_off()    # as the game's generator measures (server_latency)
        try:
            await asyncio.sleep(think)               # every room past its first action
            c0, t0 = cpu_seconds(proc.pid), time.monotonic()
            for r in rooms:
                r.measuring = True
            await asyncio.sleep(seconds)
            for r in rooms:
                r.measuring = False
            cpu = (cpu_seconds(proc.pid) - c0) / (time.monotonic() - t0)
        finally:
            generator_collector_back(collector_was)
        for r in rooms:
            r.stop = True
        actions = sum(r.acts for r in rooms)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        return {"rooms": n, "p50": pct(lat, 0.5), "p99": pct(lat, 0.99), "samples": len(lat), "actions": actions,
                "cpu": round(cpu, 3), "us_per_action": round(1e6 * cpu * seconds / max(1, actions))}
    finally:
        proc.terminate()
        proc.wait(10)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.fanout_floor")
    ap.add_argument("--rooms", default="100,500")
    ap.add_argument("--seconds", type=float, default=12.0)
    ap.add_argument("--think", type=float, default=2.0)
    args = ap.parse_args(argv)
    raise_fd_limit()
    for n in (int(x) for x in args.rooms.split(",")):
        r = run_generator(fanout_floor(n, args.seconds, args.think))
        print(f"fan-out floor rooms={n} p50={ms(r['p50'])} ms p99={ms(r['p99'])} ms samples={r['samples']} "
              f"actions={r['actions']} app_cpu={r['cpu']} ({r['us_per_action']} us per action)", flush=True)


if __name__ == "__main__":
    main()
