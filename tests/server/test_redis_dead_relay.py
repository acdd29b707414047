"""A relay process that dies sends no ``Detach``: its room's owner finds it dead (no subscriber on its process
channel, seen twice ``DEAF_CONFIRM`` s apart) and detaches its connections itself (server/bus/redis/mailbox.py
``expire_dead_relays``, docs/scaling.md "A dead relay's players go away"), so their seats go away; the connections
of a live relay stay, and a live relay taken for dead (its pub/sub gone that long) gets its players back.

The "processes" run in this test's loop (tests/server/test_redis_startup_restore.py ``Process``: a RedisBus and
Rooms wired as the app wires them), with a watchdog every 0.1 s. A process dies as ``kill -9`` ends one: its Redis
connections close (Redis drops its subscriptions) and nothing is sent on the way out."""
from __future__ import annotations

import asyncio

from server.bus import messages as m
from server.bus.redis import outbox
from server.wire import CLOSE_RESTART
from tests.server import test_redis_startup_restore as restore_tests

Process = restore_tests.Process
stored = restore_tests.stored           # the fixture: four mid-preliminary rooms stored in Redis
processes = restore_tests.processes     # the fixture: ``await processes(**settings)`` -> a started Process

WATCHDOG = dict(lease_renew=0.1)        # the watchdog runs every 0.1 s


async def die(p: Process) -> None:
    """End process ``p`` as ``kill -9`` does, as far as Redis sees it: its pump, watchdog and connections stop."""
    await p.bus.link.close()


async def frame_where(sink, pred, timeout: float = 30.0) -> dict:
    """The first frame of ``sink`` (tests/server/test_startup_restore.py ``Sink``) for which ``pred`` holds, waiting
    for new frames at most ``timeout`` s."""
    async with asyncio.timeout(timeout):
        while True:
            for f in sink.frames:
                if pred(f):
                    return f
            sink.got.clear()
            await sink.got.wait()


def away(f: dict) -> dict:
    """The ``away`` of a ``clocks`` frame (seat -> ms of grace left), empty for any other frame."""
    return (f.get("clocks") or {}).get("away") or {} if f["t"] == "clocks" else {}


async def seated(owner: Process, room: dict, seat1: Process, seat2: Process, adopted: bool = False):
    """Owner ``owner`` runs stored room ``room`` (it adopts it unless ``adopted``); seat 1 joins through process
    ``seat1``, seat 2 through ``seat2``. Returns both connections' ``(id, sink)`` once both are synced."""
    assert adopted or await owner.rooms.adopt(room["room"])
    i = int(room["room"].removeprefix("stored"))
    joined = []
    for p, token in ((seat1, room["token"]), (seat2, f"seat2-{i}")):
        cid, sink = p.conn()
        await p.bus.mailbox.send(room["room"], m.Attach(cid, token))
        await frame_where(sink, lambda f: f["t"] == "sync")
        joined.append((cid, sink))
    return joined


async def test_a_seat_relayed_through_a_process_that_died_goes_away(stored, processes):
    owner, relay = await processes(**WATCHDOG), await processes(**WATCHDOG)
    (_, sink1), (cid2, _) = await seated(owner, stored[0], owner, relay)
    sink1.frames.clear()
    await die(relay)
    f = await frame_where(sink1, lambda f: "2" in away(f))
    assert "1" not in away(f)
    room = owner.rooms.rooms[stored[0]["room"]]
    assert room.audience.seat_conn[2] is None and cid2 not in room.audience.conns


async def test_a_spectator_relayed_through_a_process_that_died_leaves_the_room(stored, processes):
    owner, relay = await processes(**WATCHDOG), await processes(**WATCHDOG)
    room_id = stored[0]["room"]
    assert await owner.rooms.adopt(room_id)
    spectator, watching = relay.conn()
    await relay.bus.mailbox.send(room_id, m.Attach(spectator, None))    # before seat 2: its departure comes first
    await frame_where(watching, lambda f: f["t"] == "sync")
    (_, sink1), _ = await seated(owner, stored[0], owner, relay, adopted=True)
    sink1.frames.clear()
    await die(relay)
    await frame_where(sink1, lambda f: "2" in away(f))     # the spectator's departure was in the inbox before it
    room = owner.rooms.rooms[room_id]
    assert spectator not in room.audience.conns and room.audience.spectators() == 0


async def test_the_connections_of_a_live_relay_are_kept_while_a_dead_relays_go(stored, processes):
    owner, live, dead = await processes(**WATCHDOG), await processes(**WATCHDOG), await processes(**WATCHDOG)
    (cid1, sink1), _ = await seated(owner, stored[0], live, dead)
    sink1.frames.clear()
    await die(dead)
    f = await frame_where(sink1, lambda f: "2" in away(f))      # looked at together, twice: one dead, one alive
    assert "1" not in away(f)
    room = owner.rooms.rooms[stored[0]["room"]]
    assert room.audience.seat_conn[1] == cid1


async def deafen(relay: Process, redis_server, monkeypatch) -> asyncio.Event:
    """Make live process ``relay`` deaf as if its pub/sub connection were down for long: Redis kills that connection
    and the relay's pump reads nothing (so it does not reconnect) until the returned event is set."""
    ps = relay.bus.link.ps
    read, held, resume = ps.get_message, asyncio.Event(), asyncio.Event()

    async def hold(*args, **kwargs):
        held.set()
        await resume.wait()
        return await read(*args, **kwargs)
    monkeypatch.setattr(ps, "get_message", hold)
    await asyncio.wait_for(held.wait(), 30)
    host, port = ps.connection._writer.get_extra_info("sockname")[:2]      # the relay's pub/sub socket
    await asyncio.to_thread(redis_server.client().client_kill_filter, addr=f"{host}:{port}")
    return resume


async def test_a_live_relay_taken_for_dead_closes_the_players_connection_so_that_it_reconnects(
        stored, processes, redis_server, monkeypatch):
    """The relay lives but its pub/sub is gone for longer than ``DEAF_CONFIRM``: the owner takes it for dead and the
    seat goes away. The owner also sends the relay a close (1012) for the connection, retried while nobody receives
    it; the relay, back within that time, closes the connection, and the browser reconnects to its seat."""
    monkeypatch.setattr(outbox, "OUTBOX_TTL", 60.0)          # the close waits for the relay as long as the test
    owner, relay = await processes(**WATCHDOG), await processes(**WATCHDOG)
    (_, sink1), (_, sink2) = await seated(owner, stored[0], owner, relay)
    resume = await deafen(relay, redis_server, monkeypatch)
    sink1.frames.clear()
    await frame_where(sink1, lambda f: "2" in away(f))
    resume.set()
    async with asyncio.timeout(30):
        while CLOSE_RESTART not in sink2.closes:
            sink2.got.clear()
            await sink2.got.wait()


async def test_a_live_relay_taken_for_dead_for_long_gets_its_seat_back_once_its_pubsub_returns(
        stored, processes, redis_server, monkeypatch):
    """As above, but the relay stays deaf past the close's retries (given up at once here). Once its pump
    reconnects, the relay probes its connections, the owner answers that it does not know this one, and the relay
    attaches it again: the seat is back."""
    monkeypatch.setattr(outbox, "OUTBOX_TTL", 0.0)
    owner, relay = await processes(**WATCHDOG), await processes(**WATCHDOG)
    (_, sink1), (cid2, sink2) = await seated(owner, stored[0], owner, relay)
    resume = await deafen(relay, redis_server, monkeypatch)
    sink1.frames.clear()
    await frame_where(sink1, lambda f: "2" in away(f))
    sink1.frames.clear()
    sink2.frames.clear()
    resume.set()
    await frame_where(sink2, lambda f: f["t"] == "sync")                   # attached again
    await frame_where(sink1, lambda f: f["t"] == "clocks" and "2" not in away(f))
    assert owner.rooms.rooms[stored[0]["room"]].audience.seat_conn[2] == cid2 and CLOSE_RESTART not in sink2.closes
