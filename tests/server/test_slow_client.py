"""A slow or stalled client is dropped (close 4003, resync on reconnect) and never slows the room."""
from __future__ import annotations

import asyncio

import httpx

from tests.server.harness import Player, create_room, join_seat
from tests.server.test_game_fake import aggressive


async def _metric(live, name: str) -> float:
    async with httpx.AsyncClient() as c:
        text = (await c.get(live.http + "/metrics")).text
    return float(next(line.split()[-1] for line in text.splitlines() if line.startswith(name + " ")))


async def test_frozen_spectator_does_not_delay_the_players(live_factory):
    live = live_factory(outbound_queue=8, send_timeout=0.5, rate_per_sec=100000.0, rate_burst=100000)
    room = await create_room(live.http, decks=["LONG", "B"])       # ~1200 versions of 8 KB: more than socket buffers hold
    seat2 = await join_seat(live.http, room["room"])
    a = await Player.join(live.ws, room["room"], room["token"])
    b = await Player.join(live.ws, room["room"], seat2["token"])
    frozen = await Player.join(live.ws, room["room"], None)
    frozen.ws.transport.pause_reading()                           # never reads again: its buffers fill up
    watcher = await Player.join(live.ws, room["room"], None)
    await asyncio.gather(a.play(aggressive, timeout=120), b.play(aggressive, timeout=120), watcher.watch(120))
    assert a.result == b.result == watcher.result and a.v == b.v == watcher.v
    assert await _metric(live, "berserk_dropped_slow_clients_total") >= 1
    status = await _status(live, room["room"])
    assert status["watching"] == 1                                 # the frozen one was dropped from the room
    frozen.ws.transport.resume_reading()
    again = await Player.join(live.ws, room["room"], None)         # the dropped client reconnects and resyncs
    assert again.v == a.v and again.view == watcher.view


async def _status(live, rid):
    async with httpx.AsyncClient() as c:
        return (await c.get(f"{live.http}/api/rooms/{rid}")).json()
