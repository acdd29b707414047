"""Start-up restore over Redis (docs/reliability.md "Start-up restore and handovers"): a message for a stored room
that reaches a process before the room's owner has restored it, on that process or on another one.

Two "processes" run in this test's loop: each a RedisBus on the test's redis-server and a :class:`Rooms` wired as
the app wires them (server/app.py ``Hub``), with leases that do not expire and a watchdog that never runs during a
test. Rooms are real (the rules engine), stored in Redis as an owner stores them. The background restore is held
at the gate of tests/server/test_startup_restore.py (batches of 2); the moments a test needs (the owner took the
lease but does not listen yet, the lease of a process that died) are set up explicitly, never waited for."""
from __future__ import annotations

import asyncio

import pytest
import redis.asyncio as aioredis

from server.bus import BusError
from server.bus import messages as m
from server.bus.redis import RedisBus
from server.bus.redis import keys as K
from server.bus.redis import mailbox as mailbox_module
from server.metrics import Metrics
from server.room import Room
from server.rooms import Rooms
from server.settings import Settings
from tests.server.test_startup_restore import ENGINE, Sink, gate, stored_room  # noqa: F401  (gate: a fixture)

SETTINGS = dict(lease_ttl=30.0, lease_renew=1000.0, orphan_sweep=1000.0)


class Process:
    """One server process's bus and rooms, wired like server/app.py ``Hub`` does (``settings``: Settings fields
    other than ``SETTINGS``')."""

    def __init__(self, url: str, **settings) -> None:
        self.settings = Settings(redis=url, **dict(SETTINGS, **settings))
        self.bus = RedisBus(url, self.settings)
        self.rooms = Rooms(ENGINE, self.bus, self.settings, Metrics())
        self.bus.mailbox.restore_first = self.rooms.restore_first
        settings = self.settings
        self.bus.bind(adopt=self.rooms.adopt,
                      snapshot_sync=lambda blob, token, entries=(): Room.snapshot_sync(blob, token, ENGINE, settings,
                                                                                       entries),
                      snapshot_version=lambda blob, entries=(): Room.snapshot_version(blob, ENGINE, entries))
        self._n = 0

    def conn(self) -> tuple[str, Sink]:
        """A new local connection id and its sink, attached to this process's fan-out."""
        self._n += 1
        cid, sink = f"{self.bus.process_id}:{self._n}", Sink()
        self.bus.fanout.attach_conn(cid, sink)
        return cid, sink


@pytest.fixture
async def stored(redis_server):
    """Four mid-preliminary rooms stored in Redis as their owner stored them (snapshot, room set)."""
    rooms = [stored_room(i) for i in range(4)]
    r = aioredis.Redis.from_url(redis_server.url)
    for room in rooms:
        await r.set(K.snap(room["room"]), room["blob"])
        await r.sadd(K.ROOMS, room["room"])
    yield rooms
    await r.aclose()


@pytest.fixture
async def processes(redis_server):
    """``await processes(**settings)`` -> a started :class:`Process` (stopped after the test)."""
    made: list[Process] = []

    async def make(**settings) -> Process:
        p = Process(redis_server.url, **settings)
        await p.bus.start()
        made.append(p)
        return p
    yield make
    for p in made:
        await p.rooms.shutdown()
        await p.bus.close()


async def test_a_join_on_another_process_for_a_room_its_owner_is_restoring_waits_and_syncs(stored, processes, gate):
    a, b = await processes(), await processes()
    first = stored[0]                                  # in a's first batch, held at the gate
    await a.rooms.restore_all()
    await asyncio.to_thread(gate.reached.wait, 30)     # a owns the batch's rooms and listens to their inboxes
    cid, sink = b.conn()
    await b.bus.mailbox.send(first["room"], m.Attach(cid, first["token"], None))   # into a's inbox, over Redis
    gate.set()
    await asyncio.wait_for(sink.got.wait(), 30)
    assert sink.frames[0]["t"] == "sync" and sink.frames[0]["v"] == first["v"] and not sink.closes


async def test_a_join_for_a_room_whose_owner_has_its_lease_but_does_not_listen_yet_is_unavailable_then_retried(
        stored, processes, monkeypatch):
    """The owner took the room's lease (its restore has begun) but its pub/sub does not carry the room's inbox
    yet (an overloaded process). A message from another process then cannot be delivered, and the sender may not
    take the room (its owner lives): after ``SEND_WAIT`` s it answers ``unavailable``, a condition the client
    retries (the browser reconnects on 1013); the retry, once the owner listens, reaches the room."""
    a, b = await processes(), await processes()
    first = stored[0]
    subscribing, listening = asyncio.Event(), asyncio.Event()
    subscribe = a.bus.link.subscribe

    async def held(channel):
        if channel == K.inbox(first["room"]):
            subscribing.set()
            await listening.wait()
        await subscribe(channel)
    monkeypatch.setattr(a.bus.link, "subscribe", held)
    adopting = asyncio.create_task(a.rooms.adopt(first["room"]))
    await subscribing.wait()                           # open_inbox took the lease and now subscribes
    assert first["room"] in a.bus.mailbox.owned
    monkeypatch.setattr(mailbox_module, "SEND_WAIT", 0.0)
    cid, sink = b.conn()
    with pytest.raises(BusError) as refused:
        await b.bus.mailbox.send(first["room"], m.Attach(cid, first["token"], None))
    assert refused.value.code == "unavailable"
    listening.set()
    assert await adopting is True
    await b.bus.mailbox.send(first["room"], m.Attach(cid, first["token"], None))
    await asyncio.wait_for(sink.got.wait(), 30)
    assert sink.frames[0]["t"] == "sync" and sink.frames[0]["v"] == first["v"]


async def test_a_room_of_a_dead_process_is_taken_over_by_a_process_still_restoring_its_own(
        stored, processes, redis_server, gate, monkeypatch):
    """The room's lease belongs to a process that died (no subscriber on its process channel); the process the
    client reaches is still restoring (its first batch held at the gate, the room later in its queue). The join
    takes the room over at once (its own restore and start), without waiting for the queue."""
    monkeypatch.setattr(mailbox_module, "DEAF_CONFIRM", 0.0)      # one look at the dead holder is enough here
    a = await processes()
    await a.rooms.restore_all()
    await asyncio.to_thread(gate.reached.wait, 30)
    later = next(r for r in stored if a.rooms.queued(r["room"]) and r["room"] not in a.bus.mailbox.owned)
    r = aioredis.Redis.from_url(redis_server.url)
    await r.set(K.lease(later["room"]), "deadbeef0000:1", px=30000)
    await r.set(K.epoch(later["room"]), 1)
    await r.aclose()
    cid, sink = a.conn()
    await a.bus.mailbox.send(later["room"], m.Attach(cid, later["token"], None))
    await asyncio.wait_for(sink.got.wait(), 30)
    assert sink.frames[0]["t"] == "sync" and sink.frames[0]["v"] == later["v"]
    assert a.bus.mailbox.owned[later["room"]].epoch == 2
    gate.set()
