"""Several server processes over one real Redis.

Each test starts its own redis-server on a free port and real ``python -m server --redis ...`` processes on
loopback, with short leases (``--lease-ttl 1``). Games run through the real rules engine with seeded random bots
(tests/server/test_game_real.py), so declare/pass prompts cross processes.
"""
from __future__ import annotations

import asyncio
import os
import re

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from server.room import only_pass
from tests.server.harness import create_room, join_seat
from tests.server.multiproc import Seat, ServerProc, stored_game, stored_version, wait_for
from tests.server.test_game_real import DECKS, random_bot

FAST = dict(lease_ttl=1.0, lease_renew=0.2, orphan_sweep=0.5, rate_per_sec=1000.0, rate_burst=1000)


@pytest.fixture
def cluster(redis_server):
    """``cluster(n, **settings)`` -> n healthy server processes sharing the test's Redis (stopped afterwards)."""
    procs: list[ServerProc] = []

    def make(n: int, **settings) -> list[ServerProc]:
        new = [ServerProc(redis_server.url, **dict(FAST, **settings)) for _ in range(n)]
        procs.extend(new)
        return [p.wait_healthy() for p in new]
    yield make
    for p in procs:
        p.stop()


def engine_view(view: dict) -> dict:
    """A client's view without the room-level keys the server adds (``room``, ``journal``)."""
    return {k: v for k, v in view.items() if k not in ("room", "journal")}


def assert_acknowledged_kept(seat: Seat, log: list, p: int) -> None:
    """Every action acknowledged to ``seat`` (a diff carrying its id) is in the final log at its version."""
    assert seat.acked, "the player had no acknowledged action"
    for v, action in seat.acked:
        assert list(log[v - 1]) == [p, action], (v, log[v - 1], action)


async def settle(players: list[Seat]) -> None:
    """Read until every player is on the same version and one of them has a real choice (or the game ended)."""
    async with asyncio.timeout(20):
        while True:
            vs = {p.v for p in players}
            if len(vs) == 1 and (any(p.legal and not only_pass(p.legal) for p in players)
                                 or any(p.view["result"] for p in players)):
                return
            await min(players, key=lambda p: p.v).recv()


async def test_players_on_two_processes_play_a_whole_game(cluster, redis_server):
    a_proc, b_proc = cluster(2, fixed_seed=21)
    room = await create_room(a_proc.http, decks=DECKS)
    seat2 = await join_seat(b_proc.http, room["room"])           # the join request crosses processes too
    a = await Seat.open([a_proc.ws], room["room"], room["token"])
    b = await Seat.open([b_proc.ws], room["room"], seat2["token"])
    spec = await Seat.open([b_proc.ws], room["room"], None)
    await asyncio.gather(a.play_on(random_bot(21)), b.play_on(random_bot(22)), spec.watch_on())
    assert a.v == b.v == spec.v and a.result == b.result == spec.result
    assert b_proc.metric("berserk_rooms") == 0 and b_proc.metric("berserk_rooms_relayed") == 1
    again = stored_game(redis_server.client(), room["room"])
    assert again.version == spec.v
    assert engine_view(a.view) == again.view(1) and engine_view(b.view) == again.view(2)
    assert engine_view(spec.view) == again.view(None)
    assert_acknowledged_kept(a, list(again.log), 1)
    assert_acknowledged_kept(b, list(again.log), 2)


async def test_killed_owner_game_resumes_elsewhere_with_same_version_prompt_and_clocks(cluster, redis_server):
    owner, p2, p3 = cluster(3, fixed_seed=5)
    urls = [p2.ws, p3.ws]
    room = await create_room(owner.http, decks=DECKS)
    seat2 = await join_seat(owner.http, room["room"])
    a = await Seat.open([owner.ws] + urls, room["room"], room["token"])      # on the owner
    b = await Seat.open([p2.ws, p3.ws], room["room"], seat2["token"])      # relayed by p2
    spec = await Seat.open([p3.ws, p2.ws], room["room"], None)             # relayed by p3
    a.urls = urls                                                           # the owner will be gone

    # play, then stop both bots at a point where someone must choose; remember what everyone sees
    await asyncio.gather(a.play_on(random_bot(5), until_v=40), b.play_on(random_bot(6), until_v=40))
    await settle([a, b, spec])
    before = {id(s): (s.v, s.view, s.legal, s.clocks) for s in (a, b, spec)}
    syncs_b, syncs_spec = len(b.syncs), len(spec.syncs)

    owner.kill()                                                            # kill -9 mid-game
    with pytest.raises(ConnectionClosed):
        while True:         # a late answer to an action the bot sent before the settle may come before the close
            await a.recv(10)
    await a.reconnect()
    async with asyncio.timeout(20):       # the relays re-attach their players to the new owner: a fresh sync
        while len(b.syncs) == syncs_b:
            await b.recv()
        while len(spec.syncs) == syncs_spec:
            await spec.recv()
    for s in (a, b, spec):
        v, view, legal, clocks = before[id(s)]
        assert (s.v, s.view, s.legal) == (v, view, legal)
        assert s.view["prompt"] == view["prompt"]
        assert s.clocks["running"] == clocks["running"]
        for p in ("1", "2"):          # banks as stored at the last commit (held while everyone reconnects)
            assert abs(s.clocks[p] - clocks[p]) <= 1500, (p, s.clocks, clocks)
    assert p2.metric("berserk_redis_takeovers_total") + p3.metric("berserk_redis_takeovers_total") == 1

    await asyncio.gather(a.play_on(random_bot(7)), b.play_on(random_bot(8)), spec.watch_on())
    again = stored_game(redis_server.client(), room["room"])
    log = list(again.log)
    assert a.v == b.v == spec.v == again.version
    assert engine_view(a.view) == again.view(1) and engine_view(b.view) == again.view(2)
    assert engine_view(spec.view) == again.view(None)
    assert_acknowledged_kept(a, log, 1)
    assert_acknowledged_kept(b, log, 2)


async def test_a_seat_relayed_through_a_killed_process_goes_away(cluster):
    """A relay process killed sends its room's owner no departure: the owner finds the process dead and detaches
    its connection itself (docs/scaling.md "A dead relay's players go away"); the other player hears it at once."""
    owner, relay = cluster(2, fixed_seed=29)
    room = await create_room(owner.http, decks=DECKS)
    seat2 = await join_seat(owner.http, room["room"])
    a = await Seat.open([owner.ws], room["room"], room["token"])
    await Seat.open([relay.ws], room["room"], seat2["token"])             # relayed by the other process
    async with asyncio.timeout(20):
        while "2" in ((a.clocks or {}).get("away") or {}):                 # until seat 2's arrival reached a
            await a.recv(20)
        relay.kill()                                                          # kill -9
        while "2" not in ((a.clocks or {}).get("away") or {}):
            await a.recv(20)


async def test_owner_killed_while_actions_are_in_flight_loses_no_acknowledged_action(cluster, redis_server):
    owner, p2, p3 = cluster(3, fixed_seed=9)
    room = await create_room(owner.http, decks=DECKS)
    seat2 = await join_seat(p2.http, room["room"])
    a = await Seat.open([owner.ws, p3.ws, p2.ws], room["room"], room["token"])
    b = await Seat.open([p2.ws, p3.ws], room["room"], seat2["token"])
    spec = await Seat.open([p3.ws, p2.ws], room["room"], None)
    a.urls = [p3.ws, p2.ws]
    bots = asyncio.gather(a.play_on(random_bot(9)), b.play_on(random_bot(10)), spec.watch_on())
    async with asyncio.timeout(60):
        while spec.v < 30:
            await asyncio.sleep(0.01)
    owner.kill()                          # bots keep sending actions while the room has no owner
    await bots
    again = stored_game(redis_server.client(), room["room"])
    log = list(again.log)
    assert a.reconnects >= 1 and a.v == b.v == spec.v == again.version
    assert engine_view(a.view) == again.view(1) and engine_view(b.view) == again.view(2)
    assert engine_view(spec.view) == again.view(None)
    assert_acknowledged_kept(a, log, 1)
    assert_acknowledged_kept(b, log, 2)


async def test_paused_old_owner_is_fenced_and_drops_its_clients(cluster, redis_server):
    old, new = cluster(2, fixed_seed=3)
    room = await create_room(old.http, decks=DECKS)
    seat2 = await join_seat(old.http, room["room"])
    a = await Seat.open([old.ws], room["room"], room["token"])               # stays on the old owner
    b = await Seat.open([new.ws], room["room"], seat2["token"])
    await asyncio.gather(a.play_on(random_bot(3), until_v=20), b.play_on(random_bot(4), until_v=20))
    await settle([a, b])
    syncs_b = len(b.syncs)

    old.pause()                                                              # SIGSTOP: alive but silent
    async with asyncio.timeout(20):      # the lease expires; the other process adopts the room and resyncs b
        while len(b.syncs) == syncs_b:
            await b.recv()
    a2 = await Seat.open([new.ws], room["room"], room["token"])              # player 1 comes back elsewhere
    await asyncio.gather(a2.play_on(random_bot(5), until_v=b.v + 6), b.play_on(random_bot(6), until_v=b.v + 6))
    await settle([a2, b])
    r = redis_server.client()
    lease_before = r.get(f"bz:{{{room['room']}}}:lease")
    stored_v = stored_version(r, room["room"])
    assert stored_v == b.v

    old.resume()                                                             # SIGCONT: the old owner wakes up
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            await a.recv(20)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
    wait_for(lambda: old.metric("berserk_redis_fenced_total") >= 1, 10, "the old owner to count a fenced room")
    assert r.get(f"bz:{{{room['room']}}}:lease") == lease_before               # nothing written by the old owner
    assert stored_version(r, room["room"]) == stored_v
    assert old.metric("berserk_rooms") == 0
    await asyncio.gather(a2.play_on(random_bot(7), until_v=b.v + 4), b.play_on(random_bot(8), until_v=b.v + 4))
    assert a2.v == b.v >= stored_v + 4                                       # the game goes on at the new owner


async def test_redis_outage_keeps_sockets_reports_fault_and_resumes_without_resync(cluster, redis_server):
    p1, p2 = cluster(2, fixed_seed=11)
    room = await create_room(p1.http, decks=DECKS)
    seat2 = await join_seat(p2.http, room["room"])
    a = await Seat.open([p1.ws], room["room"], room["token"])
    b = await Seat.open([p2.ws], room["room"], seat2["token"])
    await asyncio.gather(a.play_on(random_bot(11), until_v=20), b.play_on(random_bot(12), until_v=20))
    await settle([a, b])
    v_before, syncs_b = a.v, len(b.syncs)

    redis_server.stop()
    for p in (p1, p2):
        wait_for(lambda: p.health() == 503, 15, "healthz to report the Redis outage")
        assert p.metric("berserk_redis_up") == 0
    cpu = [_cpu_seconds(p.proc.pid) for p in (p1, p2)]
    start = _down_for(p1)
    wait_for(lambda: _down_for(p1) >= start + 2.0, 15, "two more seconds of outage")
    spent = [_cpu_seconds(p.proc.pid) - c for p, c in zip((p1, p2), cpu)]
    assert a.ws.close_code is None and b.ws.close_code is None     # the sockets stayed open

    redis_server.start()                                  # same port, empty data (no persistence in tests)
    for p in (p1, p2):
        wait_for(lambda: p.health() == 200, 20, "healthz to recover")
        assert p.metric("berserk_redis_up") == 1
    r = redis_server.client()
    wait_for(lambda: r.exists(f"bz:{{{room['room']}}}:snap"), 10, "the owner to store its room again")
    assert b.v == v_before
    assert len(b.syncs) == syncs_b          # nothing was missed during the outage: no resync
    await asyncio.gather(a.play_on(random_bot(13), until_v=v_before + 6),
                         b.play_on(random_bot(14), until_v=v_before + 6))
    assert a.v == b.v >= v_before + 6
    assert all(s < 1.0 for s in spent), spent            # ~2 s of outage: backing off, not spinning a core


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _down_for(proc: ServerProc) -> float:
    """Seconds of Redis outage the process reports in /healthz's ``detail`` (0 when healthy)."""
    body = httpx.get(proc.http + "/healthz", timeout=2).json()
    m = re.search(r"since ([0-9.]+) s", body.get("detail") or "")
    return float(m.group(1)) if m else 0.0


async def test_a_killed_pubsub_connection_heals_without_resyncing_connections_that_missed_nothing(cluster, redis_server):
    p1, p2 = cluster(2, fixed_seed=17)
    room = await create_room(p1.http, decks=DECKS)
    seat2 = await join_seat(p2.http, room["room"])
    a = await Seat.open([p1.ws], room["room"], room["token"])
    b = await Seat.open([p2.ws], room["room"], seat2["token"])
    await asyncio.gather(a.play_on(random_bot(17), until_v=15), b.play_on(random_bot(18), until_v=15))
    await settle([a, b])
    syncs_b = len(b.syncs)
    redis_server.client().client_kill_filter(_type="pubsub")    # at a settled point: nothing is lost
    wait_for(lambda: p2.metric("berserk_redis_reconnects_total") >= 1, 10, "the relay to re-subscribe")
    await asyncio.gather(a.play_on(random_bot(19), until_v=a.v + 6), b.play_on(random_bot(20), until_v=a.v + 6))
    assert a.v == b.v
    assert len(b.syncs) == syncs_b                   # no version was missed, so no resync
    assert p2.metric("berserk_redis_relay_resyncs_total") == 0


async def test_graceful_shutdown_hands_the_room_to_another_process(cluster):
    p1, p2 = cluster(2, fixed_seed=23)
    room = await create_room(p1.http, decks=DECKS)
    seat2 = await join_seat(p2.http, room["room"])
    a = await Seat.open([p1.ws, p2.ws], room["room"], room["token"])
    b = await Seat.open([p2.ws], room["room"], seat2["token"])
    await asyncio.gather(a.play_on(random_bot(23), until_v=12), b.play_on(random_bot(24), until_v=12))
    await settle([a, b])
    v = a.v
    p1.stop()                                        # SIGTERM: snapshot kept, clients told to reconnect (1012)
    for s in (a, b):
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await s.recv(20)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
        s.urls = [p2.ws]
        await s.reconnect()
        assert s.v == v
    async with httpx.AsyncClient() as c:
        listed = (await c.get(p2.http + "/api/rooms")).json()
    assert room["room"] in [i["id"] for k in ("waiting", "playing", "finished") for i in listed[k]]
    await asyncio.gather(a.play_on(random_bot(25), until_v=v + 6), b.play_on(random_bot(26), until_v=v + 6))
    assert a.v == b.v >= v + 6
