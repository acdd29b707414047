"""Chaos against one in-process server on the fake engine (tests/server/fake_engine.py): a spectator that never
reads and joins racing the disposal of rooms."""
from __future__ import annotations

import asyncio
import contextlib
import socket
import time

import httpx
import msgpack
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from server.app import create_app
from server.settings import Settings
from tests.chaos.probe import record
from tests.server.fake_engine import ENGINE
from tests.server.harness import LiveServer, Player, create_room, join_seat
from tests.server.test_game_fake import aggressive


@pytest.fixture
def live_factory():
    with contextlib.ExitStack() as stack:
        def make(**overrides):
            return stack.enter_context(LiveServer(create_app(Settings(**overrides), engine=ENGINE)))
        yield make


async def _metric(live, name: str) -> float:
    async with httpx.AsyncClient() as c:
        text = (await c.get(live.http + "/metrics")).text
    return float(next(line.split()[-1] for line in text.splitlines() if line.startswith(name + " ")))


async def test_a_spectator_that_never_reads_is_closed_with_4003_as_soon_as_its_queue_is_full(live_factory):
    """The frozen socket's buffers fill, uvicorn pauses writing to it, its queue fills: the close frame is still
    written at once, behind the frames already buffered (not 1011 after uvicorn's 40 s keepalive, nor a bare TCP
    close). The default queue and a long send_timeout make the paused transport the only trigger."""
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
    t0 = time.monotonic()
    game = asyncio.gather(a.play(aggressive, timeout=120), b.play(aggressive, timeout=120))
    async with asyncio.timeout(60):
        while await _metric(live, "berserk_dropped_slow_clients_total") < 1:
            await asyncio.sleep(0.05)
    dropped_after = round(time.monotonic() - t0, 2)
    await asyncio.sleep(1.5)              # longer than a close that waits for the socket (1 s) would wait
    frozen.ws.transport.resume_reading()
    code, frames = None, 0
    try:
        async with asyncio.timeout(30):
            while True:
                await frozen.ws.recv()
                frames += 1
    except ConnectionClosed as e:
        code = e.rcvd.code if e.rcvd else None
    await game
    record("never-reading spectator", dropped_after_s=dropped_after, frames_buffered_before_close=frames,
           closed_with=code, players_finished=a.result == b.result is not None)
    assert code == 4003 and a.result == b.result is not None


async def test_joins_racing_the_disposal_of_rooms_are_all_answered(live_factory):
    """Rooms nobody joins close after ``waiting_timeout``; HTTP joins and websocket joins fired around that moment
    each get an answer (a seat, a sync, 404/409 or room_not_found + 4004), never a hang or a 500."""
    live = live_factory(waiting_timeout=0.3, create_burst=1000, create_per_min=100000.0)
    http_answers: dict[int, int] = {}
    ws_answers: dict[str, int] = {}

    async def http_join(c, rid, at):
        await asyncio.sleep(max(0.0, at - time.monotonic()))
        status = (await c.post(f"{live.http}/api/rooms/{rid}/join", json={})).status_code
        http_answers[status] = http_answers.get(status, 0) + 1

    async def ws_join(rid, token, at):
        await asyncio.sleep(max(0.0, at - time.monotonic()))
        async with connect(live.ws) as ws:
            await ws.send(msgpack.packb({"t": "join", "room": rid, "token": token, "v": None, "pv": 1}))
            try:
                f = msgpack.unpackb(await asyncio.wait_for(ws.recv(), 5))
                key = f["t"] if f["t"] == "sync" else f["code"]
            except ConnectionClosed as e:
                key = f"close {e.rcvd.code if e.rcvd else None}"
            ws_answers[key] = ws_answers.get(key, 0) + 1

    t0 = time.monotonic()
    n = 30
    async with httpx.AsyncClient(timeout=10) as c:
        jobs = []
        for i in range(n):
            r = (await c.post(live.http + "/api/rooms", json={})).json()
            at = time.monotonic() + 0.15 + (i % 10) * 0.03   # 0.15 .. 0.42 s after creation: around the disposal
            jobs += [asyncio.ensure_future(job) for job in (http_join(c, r["room"], at),
                                                             ws_join(r["room"], r["token"], at),
                                                             ws_join(r["room"], None, at))]
        await asyncio.wait_for(asyncio.gather(*jobs), 30)
    rooms = range(n)
    record("joins racing room disposal, 30 rooms", answered=sum(http_answers.values()) + sum(ws_answers.values()),
           of=n * 3, http=http_answers, ws=ws_answers, took_s=round(time.monotonic() - t0, 2))
    assert sum(http_answers.values()) == len(rooms) and sum(ws_answers.values()) == 2 * len(rooms)
    assert set(http_answers) <= {200, 404, 409} and all(s < 500 for s in http_answers)
    assert set(ws_answers) <= {"sync", "room_not_found", "close 4004", "close 4010"}


async def _ws_join_answer(live, rid: str, token, at: float) -> str:
    """Join ``rid`` at monotonic time ``at``; the first answer: ``sync``, an error code (followed by a close), or
    ``close <code>``; ``unanswered`` when nothing comes within 20 s (a loaded machine runs this test's server in the
    test's own process)."""
    await asyncio.sleep(max(0.0, at - time.monotonic()))
    async with connect(live.ws) as ws:
        await ws.send(msgpack.packb({"t": "join", "room": rid, "token": token, "v": None, "pv": 1}))
        try:
            f = msgpack.unpackb(await asyncio.wait_for(ws.recv(), 20))
        except ConnectionClosed as e:
            return f"close {e.rcvd.code if e.rcvd else None}"
        except TimeoutError:
            return "unanswered"
        if f["t"] == "sync":
            return "sync"
        try:                                 # an error is followed by the close that ends the join
            await asyncio.wait_for(ws.recv(), 20)
            return f"{f['code']} without a close"
        except ConnectionClosed:
            return f["code"]
        except TimeoutError:
            return f"{f['code']} without a close"


async def _race(c, seats_at, watchers_at, answers: dict, batches: int, rooms: int, first: float,
                step: float) -> None:
    """``batches`` x ``rooms`` rooms created on ``seats_at``, each joined by its seat there and by a spectator on
    ``watchers_at``, ``first`` + (i % 20) * ``step`` s after creation; counts the answers into ``answers``."""
    for _ in range(batches):
        jobs = []
        for i in range(rooms):
            r = (await c.post(seats_at.http + "/api/rooms", json={})).json()
            at = time.monotonic() + first + (i % 20) * step
            jobs += [_ws_join_answer(seats_at, r["room"], r["token"], at),
                     _ws_join_answer(watchers_at, r["room"], None, at)]
        for key in await asyncio.gather(*jobs):
            answers[key] = answers.get(key, 0) + 1


async def test_three_hundred_joins_racing_the_disposal_of_their_rooms_are_all_answered(live_factory):
    """300 rooms closing after ``waiting_timeout`` (0.2 s), each joined by a seat and a spectator spread over
    0.1-0.3 s after creation: every join gets a sync, or an error and a close; none is left waiting."""
    live = live_factory(waiting_timeout=0.2, create_burst=100000, create_per_min=1e7, max_rooms=100000)
    answers: dict[str, int] = {}
    async with httpx.AsyncClient(timeout=10) as c:
        await _race(c, live, live, answers, batches=6, rooms=50, first=0.1, step=0.01)
    record("joins racing room disposal, 300 rooms", answers=answers)
    assert sum(answers.values()) == 600
    assert set(answers) <= {"sync", "room_not_found", "unavailable", "close 4004", "close 1013"}, answers


async def test_joins_racing_disposal_and_handover_over_two_processes_are_all_answered(cluster):
    """Over Redis, rooms of process A closing after ``waiting_timeout`` are joined through A and through B around
    that moment; then A stops (SIGTERM: its rooms are handed over) while more joins arrive. Every join is answered
    (a sync, or an error and a close)."""
    a, b = cluster(2, waiting_timeout=0.3)
    answers: dict[str, int] = {}
    async with httpx.AsyncClient(timeout=10) as c:
        await _race(c, a, b, answers, batches=4, rooms=25, first=0.15, step=0.02)
        kept = [(await c.post(a.http + "/api/rooms", json={})).json() for _ in range(20)]
    at = time.monotonic() + 0.05
    jobs = [_ws_join_answer(b, r["room"], r["token"], at + i * 0.01) for i, r in enumerate(kept)]
    racing = asyncio.gather(*jobs)
    a.proc.terminate()
    for key in await racing:
        answers[key] = answers.get(key, 0) + 1
    record("joins racing disposal and handover, two processes", answers=answers)
    assert sum(answers.values()) == 220
    assert set(answers) <= {"sync", "room_not_found", "unavailable", "close 4004", "close 1013", "close 1012"}, \
        answers
