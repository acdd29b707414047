"""Issue item 3: a slow or stalled client is dropped (close 4003, resync on reconnect) and never slows the room."""
from __future__ import annotations

import asyncio
import socket

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

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


async def test_a_spectator_that_never_reads_is_closed_with_4003_as_soon_as_its_queue_is_full(live_factory):
    """Issue 22 item 4: the frozen socket's buffers fill, uvicorn pauses writing to it, its queue fills: the close
    frame is still written at once, behind the frames already buffered (not 1011 after uvicorn's 40 s keepalive,
    nor a bare TCP close). The default queue and a long send_timeout make the paused transport the only trigger."""
    live = live_factory(send_timeout=60.0, rate_per_sec=100000.0, rate_burst=100000)
    room = await create_room(live.http, decks=["LONG", "B"])
    seat2 = await join_seat(live.http, room["room"])
    a = await Player.join(live.ws, room["room"], room["token"])
    b = await Player.join(live.ws, room["room"], seat2["token"])
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 8192)     # small window: the server's buffers fill fast
    sock.connect(("127.0.0.1", live.port))
    frozen = Player(await connect(live.ws, sock=sock, max_size=8 * 2**20, compression=None))
    await frozen.send({"t": "join", "room": room["room"], "token": None, "v": None, "pv": 1})
    await frozen.until(lambda f: f["t"] == "sync")
    frozen.ws.transport.pause_reading()
    game = asyncio.gather(a.play(aggressive, timeout=120), b.play(aggressive, timeout=120))
    async with asyncio.timeout(60):
        while await _metric(live, "berserk_dropped_slow_clients_total") < 1:
            await asyncio.sleep(0.05)
    await asyncio.sleep(1.5)              # longer than a close that waits for the socket (1 s) would wait
    frozen.ws.transport.resume_reading()
    try:
        async with asyncio.timeout(30):
            while True:
                await frozen.ws.recv()
    except ConnectionClosed as e:
        code = e.rcvd.code if e.rcvd else None
    await game
    assert code == 4003
