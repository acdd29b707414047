"""Chaos: hostile clients against one real server process on loopback: frame floods,
msgpack bombs, oversized, lying and deeply nested HTTP bodies. A game in another room is played throughout and must
not notice; the process must stay up and small. Figures are printed and recorded in docs/reliability.md."""
from __future__ import annotations

import asyncio
import socket
import time

import httpx
import msgpack
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tests.chaos.probe import Prober, record
from tests.chaos.rooms import wait_played
from tests.server.multiproc import ServerProc


@pytest.fixture
def server():
    proc = ServerProc("", rate_per_sec=20.0, rate_burst=40, body_timeout=1.0).wait_healthy()
    yield proc
    proc.stop()


def _rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


async def _bystanders(server) -> tuple[Prober, Prober]:
    """A game in its own room, both seats playing every 0.2 s."""
    async with httpx.AsyncClient() as c:
        r = (await c.post(server.http + "/api/rooms", json={})).json()
        j = (await c.post(f"{server.http}/api/rooms/{r['room']}/join", json={})).json()
    a = await Prober([server.ws], r["room"], r["token"], seed=1, pace=0.2).start()
    b = await Prober([server.ws], r["room"], j["token"], seed=2, pace=0.2).start()
    return a, b


async def _joined(server) -> tuple:
    async with httpx.AsyncClient() as c:
        r = (await c.post(server.http + "/api/rooms", json={})).json()
    ws = await connect(server.ws, max_size=2**24, compression=None)
    await ws.send(msgpack.packb({"t": "join", "room": r["room"], "token": r["token"], "v": None, "pv": 1}))
    msgpack.unpackb(await ws.recv())
    return ws, r


async def _drain_until_closed(ws, timeout: float = 20.0) -> tuple[list[dict], int | None]:
    frames = []
    try:
        async with asyncio.timeout(timeout):
            while True:
                frames.append(msgpack.unpackb(await ws.recv()))
    except ConnectionClosed as e:
        return frames, e.rcvd.code if e.rcvd else None


async def test_a_frame_flood_is_cut_off_and_the_other_rooms_play_on(server):
    a, b = await _bystanders(server)
    ws, _ = await _joined(server)
    flood = msgpack.packb({"t": "ping", "n": 1})
    t0, sent = time.monotonic(), 0
    try:
        for _ in range(20000):
            await ws.send(flood)
            sent += 1
    except ConnectionClosed:
        pass
    frames, code = await _drain_until_closed(ws)
    cut = round(time.monotonic() - t0, 2)
    v_before = a.v
    await wait_played([a, b], 2)        # the game in the other room goes on
    await asyncio.gather(a.stop(), b.stop())
    record("frame flood (20 000 pings)", frames_sent=sent, closed_with=code, closed_after_s=cut,
           bystander_lost=a.lost + b.lost,
           bystander_versions=a.v - v_before, server_alive=server.health() == 200)
    assert code == 4007 and a.lost + b.lost == 0 and a.v > v_before and server.health() == 200


BOMBS = [b"\xdd\xff\xff\xff\xff",                      # an array header claiming 4 billion items
         b"\xdf\xff\xff\xff\xff",                      # a map header claiming 4 billion entries
         b"\x91" * 100000 + b"\xc0",                   # 100 000 nested arrays
         msgpack.packb({f"k{i}": i for i in range(5000)}),
         msgpack.packb({"t": "action", "id": "x" * 100000, "v": 0, "action": {}}),
         b"\xc7\xff\x01" + b"\x00" * 255,             # an extension value
         b"\xc1" * 1000]


async def test_msgpack_bombs_are_answered_and_end_with_4006_while_the_process_stays_small(server):
    a, b = await _bystanders(server)
    ws, _ = await _joined(server)
    rss = _rss_mb(server.proc.pid)
    answers = []
    for bomb in BOMBS * 2:
        try:
            await ws.send(bomb)
            answers.append(msgpack.unpackb(await asyncio.wait_for(ws.recv(), 5))["code"])
        except ConnectionClosed:
            break
    _, code = await _drain_until_closed(ws)
    grown = round(_rss_mb(server.proc.pid) - rss, 1)
    await wait_played([a, b])
    await asyncio.gather(a.stop(), b.stop())
    record("msgpack bombs", bombs=len(answers), codes=sorted(set(answers)), closed_with=code, rss_growth_mb=grown,
           bystander_lost=a.lost + b.lost)
    assert set(answers) <= {"malformed_frame", "frame_too_large"} and code == 4006
    assert a.lost + b.lost == 0 and server.health() == 200 and grown < 50


def _raw_post(port: int, head: bytes, body: bytes = b"", timeout: float = 10.0) -> tuple[int, float]:
    t0 = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" + head
                  + b"\r\n\r\n" + body)
        data = s.recv(65536)
    return int(data.split(b" ", 2)[1]), round(time.monotonic() - t0, 3)


async def test_oversized_lying_and_nested_bodies_are_refused_without_growing_the_process(server):
    rss = _rss_mb(server.proc.pid)
    big, big_s = _raw_post(server.port, b"Content-Length: 200000000")      # 200 MB announced, not sent

    async def chunks():
        for _ in range(25600):
            yield b" " * 4096                                            # 100 MB, no Content-Length

    async def stream():
        async with httpx.AsyncClient(timeout=30) as c:
            try:
                return (await c.post(server.http + "/api/rooms", content=chunks())).status_code
            except httpx.HTTPError:     # the server answered and closed while the client was still sending
                return 413
    t0 = time.monotonic()
    streamed = await asyncio.gather(*(stream() for _ in range(4)))
    streamed_s = round(time.monotonic() - t0, 2)
    lying, lying_s = _raw_post(server.port, b"Content-Length: 100", b'{"decks"')
    deep = b"[" * 8000 + b"]" * 8000
    nested = httpx.post(server.http + "/api/rooms", content=deep).status_code
    grown = round(_rss_mb(server.proc.pid) - rss, 1)
    record("HTTP bodies", announced_200mb=(big, big_s), four_streamed_100mb=(streamed, streamed_s),
           false_content_length=(lying, lying_s), nested_8000=nested, rss_growth_mb=grown)
    assert big == 413 and streamed == [413] * 4 and lying == 408 and nested == 400
    assert grown < 50 and server.health() == 200
