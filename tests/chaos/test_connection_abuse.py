"""Abusive connections against one real process (server/conn_guard.py, server/ws_limits.py): a huge unterminated
header, slowloris heads trickling a byte at a time, and a flood of sockets from one address. Each time a seated
player keeps playing: its pings are answered and its actions acknowledged while the attack runs, and after the flood
it reconnects to its own game (a spectator of the flooding address yields its place)."""
from __future__ import annotations

import asyncio
import time

import pytest

from tests.chaos.probe import record
from tests.server.harness import Player, create_room, join_seat
from tests.server.multiproc import ServerProc

DECKS = ["Forests-Mountains (classic 2003)", "Steppes-Swamps (2023 relaunch cards)"]
LIMITS = dict(fixed_seed=6, rate_per_sec=1000.0, rate_burst=1000, header_timeout=1.0, max_heads_per_address=16,
              max_header_bytes=16384, max_connections=100, max_connections_per_address=30, per_address_exempt="")


@pytest.fixture
def server():
    """One real server process with small limits (stopped after the test)."""
    proc = ServerProc("", **LIMITS).wait_healthy()
    yield proc
    proc.stop()


def _rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as fh:
        return int(next(line.split()[1] for line in fh if line.startswith("VmRSS:")))


async def _seated(server):
    room = await create_room(server.http, decks=DECKS, autopass=False)
    two = await join_seat(server.http, room["room"], autopass=False)
    tokens = {1: room["token"], 2: two["token"]}
    seats = {p: await Player.join(server.ws, room["room"], tokens[p]) for p in (1, 2)}
    return room["room"], tokens, seats


async def _play_some(seats, n: int) -> float:
    """``n`` acknowledged actions and a ping per action; returns the slowest ping round trip (s)."""
    worst = 0.0
    for i in range(n):
        p = seats[1].view["to_act"]
        t0 = time.monotonic()
        await seats[p].send({"t": "ping", "n": 1000 + i})
        await seats[p].until(lambda f: f["t"] == "pong" and f["n"] == 1000 + i)
        worst = max(worst, time.monotonic() - t0)
        ack = await seats[p].act(next(a for a in seats[p].legal if a["act"] != "concede"))
        assert ack["t"] == "diff", ack
        for s in seats.values():
            await s.catch_up(ack["v"])
    return worst


async def _answer_of(reader) -> bytes:
    try:
        async with asyncio.timeout(10):
            return await reader.read(200)
    except (ConnectionError, TimeoutError):
        return b""


async def test_a_huge_unterminated_header_is_cut_off_and_a_seated_player_keeps_playing(server):
    _, _, seats = await _seated(server)
    rss = _rss_kb(server.proc.pid)
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    writer.write(b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: ")
    sent, chunk = 0, b"a" * 65536
    try:
        while sent < 200 * 2**20:
            writer.write(chunk)
            await writer.drain()
            sent += len(chunk)
    except ConnectionError:
        pass
    answer = await _answer_of(reader)
    writer.close()
    worst = await _play_some(seats, 5)
    grown = _rss_kb(server.proc.pid) - rss
    record("huge header", sent_mb=round(sent / 2**20, 1), answer=answer[:12], rss_growth_kb=grown,
           worst_ping_s=round(worst, 3))
    assert sent < 200 * 2**20, "the server read 200 MB of header"
    assert grown < 50_000 and worst < 2.0



async def test_slowloris_heads_are_closed_after_the_header_timeout_and_a_seated_player_keeps_playing(server):
    _, _, seats = await _seated(server)
    socks = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(10)]
    t0 = time.monotonic()

    async def trickle(reader, writer) -> float:
        """A head trickled a byte every 0.3 s (the attack's pace); seconds until the server closed it."""
        writer.write(b"GET / HTTP/1.1\r\n")
        while time.monotonic() - t0 < 30:
            try:
                writer.write(b"X")
                await writer.drain()
                await asyncio.wait_for(reader.read(100), 0.3)     # an answer (408) or EOF: closed
                return time.monotonic() - t0
            except (asyncio.TimeoutError, TimeoutError):
                continue
            except ConnectionError:
                return time.monotonic() - t0
        return 30.0
    closed_after = asyncio.gather(*(trickle(r, w) for r, w in socks))
    worst = await _play_some(seats, 5)
    times = await closed_after
    record("slowloris", sockets=len(socks), closed_after_s=[round(max(times), 2)], worst_ping_s=round(worst, 3))
    assert max(times) < 5.0 and worst < 2.0



async def test_a_flood_from_one_address_never_keeps_a_seated_player_out(server):
    rid, tokens, seats = await _seated(server)
    idle = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(100)]   # never send a byte
    watchers, full = [], 0
    for _ in range(40):
        w = await Player.join(server.ws, rid, None)
        if w.frames[-1]["t"] == "sync":
            watchers.append(w)
        else:
            full += 1
    await seats[2].close()
    back = await Player.join(server.ws, rid, tokens[2])
    assert back.frames[-1]["t"] == "sync" and back.you == 2
    seats[2] = back
    worst = await _play_some(seats, 5)
    early = [await _answer_of(r) for r, _ in idle[:40]]
    record("flood from one address", idle_sockets=len(idle), watchers=len(watchers), spectators_refused=full,
           idle_closed=sum(1 for a in early if a == b"" or a.startswith(b"HTTP/1.1 ")), worst_ping_s=round(worst, 3))
    assert full > 0 and worst < 2.0
    assert all(a == b"" or a.startswith(b"HTTP/1.1 503") or a.startswith(b"HTTP/1.1 408") for a in early)
    for _, w in idle:
        w.close()
