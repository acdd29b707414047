"""Start-up with stored rooms (docs/performance.md "Start-up with many stored rooms"): the server serves at
once and restores its stored rooms in the background, in batches read from the store together; a message for a room
not restored yet puts that room into the next batch, each room is restored once, and a client joining it gets its
sync at the stored version.

Rooms are real (the rules engine), a few seeded actions into the preliminary phase, stored in a SQLite data dir as a
server would store them. The background restore is held at a gate (a ``threading.Event``) where a test needs rooms
still waiting."""
from __future__ import annotations

import asyncio
import collections
import random
import threading
import time

import httpx
import msgpack
import pytest

from server import wire
from server.app import create_app
from server.bus import BusError, make_bus
from server.bus import messages as m
from server.gameapi import real_engine
from server.metrics import Metrics
from server.room.status import status_from_view
from server.room import Room, hash_token
from server.rooms import Rooms
from server import rooms as rooms_module
from server.settings import Settings
from server.store import open_store
from server.store.rooms import SqlRoomStore
from tests.server.harness import LiveServer, Player

ENGINE = real_engine()
DECKS = ["Forests-Mountains (classic 2003)", "Steppes-Swamps (2023 relaunch cards)"]


def stored_room(i: int) -> dict:
    """A dealt room played ``3 + i % 4`` seeded actions in: ``{"room", "token", "v", "blob"}``."""
    opts = {"decks": DECKS, "clock": {"base": 600, "increment": 5}, "spectators": True}
    room, token = Room.create(f"stored{i}", opts, ENGINE, None, Settings(fixed_seed=100 + i), Metrics())
    room.seats.tokens[2] = hash_token(f"seat2-{i}")
    room.deal()
    rng = random.Random(i)
    for _ in range(3 + i % 4):
        p = room.game.to_act()
        room.game.apply(p, rng.choice([a for a in room.game.legal_actions(p) if a["act"] != "concede"]))
    room.status = status_from_view(room)
    return {"room": room.id, "token": token, "v": room.v, "blob": room.snapshot()}


async def seed(data_dir, n: int) -> list[dict]:
    """Store ``n`` rooms in the SQLite store of ``data_dir`` (migrated first)."""
    rooms = [stored_room(i) for i in range(n)]
    store = open_store(Settings(data_dir=str(data_dir)))
    await store.start()
    try:
        for r in rooms:
            await store.save_room(r["room"], r["blob"])
    finally:
        await store.close()
    return rooms


def wait_until(check, timeout: float = 30.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.01)


@pytest.fixture
def gate(monkeypatch):
    """Hold every background restore batch until ``gate.set()`` (set anyway at the end of the test); batches of 2."""
    gate = threading.Event()
    gate.reached = threading.Event()      # a batch is waiting at the gate
    original = Rooms._restore_many

    def held(self, items):
        gate.reached.set()
        gate.wait(60)
        return original(self, items)
    monkeypatch.setattr(Rooms, "_restore_many", held)
    monkeypatch.setattr(rooms_module, "RESTORE_BATCH", 2)
    yield gate
    gate.set()


@pytest.fixture
def restored_ids(monkeypatch):
    """The ids of the rooms ``Room.restore`` rebuilt, in order, one entry per restore."""
    ids: list[str] = []
    original = Room.restore

    def noted(blob, *args, **kwargs):
        room = original(blob, *args, **kwargs)
        ids.append(room.id)
        return room
    monkeypatch.setattr(Room, "restore", staticmethod(noted))
    return ids


async def test_start_up_restore_reads_the_store_in_batches_not_room_by_room(tmp_path, monkeypatch):
    stored = await seed(tmp_path, 5)
    monkeypatch.setattr(rooms_module, "RESTORE_BATCH", 2)
    settings = Settings(data_dir=str(tmp_path))
    store = open_store(settings)
    await store.start()
    calls = collections.Counter()
    for name in ("load_room", "load_rooms"):
        method = getattr(store, name)

        async def counted(*args, _name=name, _method=method):
            calls[_name] += 1
            return await _method(*args)
        monkeypatch.setattr(store, name, counted)
    rooms = Rooms(ENGINE, make_bus(settings, store=SqlRoomStore(store)), settings, Metrics())
    try:
        assert await rooms.restore_all() == 5
        await asyncio.wait_for(rooms.restored.wait(), 60)
        assert {rid: r.v for rid, r in rooms.rooms.items()} == {r["room"]: r["v"] for r in stored}
        assert calls == {"load_rooms": 3}
    finally:
        await rooms.shutdown()
        await store.close()


async def test_healthz_answers_while_the_stored_rooms_are_still_being_restored(tmp_path, gate):
    await seed(tmp_path, 4)
    with LiveServer(create_app(Settings(data_dir=str(tmp_path)), engine=ENGINE)) as server:
        async with httpx.AsyncClient() as c:
            assert (await c.get(server.http + "/healthz")).status_code == 200
            assert "berserk_rooms_restoring 4" in (await c.get(server.http + "/metrics")).text
        gate.set()
        hub = server.app.state.hub
        wait_until(hub.rooms.restored.is_set, what="the background restore")
        assert len(hub.rooms.rooms) == 4


async def test_a_join_for_a_room_not_restored_yet_puts_it_first_and_syncs_at_its_version(tmp_path, gate,
                                                                                         restored_ids):
    stored = await seed(tmp_path, 6)
    last = stored[-1]                     # in the third batch; the first one is held at the gate
    order = restored_ids
    with LiveServer(create_app(Settings(data_dir=str(tmp_path)), engine=ENGINE)) as server:
        hub = server.app.state.hub
        await asyncio.to_thread(gate.reached.wait, 30)
        join = asyncio.create_task(Player.join(server.ws, last["room"], last["token"]))
        await asyncio.to_thread(wait_until, lambda: last["room"] in hub.rooms._wanted, 30, "the join to wait")
        gate.set()
        p = await asyncio.wait_for(join, 30)
        try:
            assert p.you == 1 and p.v == last["v"]
            assert order.index(last["room"]) < order.index(stored[2]["room"])   # before the rest of the queue
            answer = await p.act(next(a for a in p.legal if a["act"] != "concede"))
            assert answer["t"] == "diff" and answer["v"] == last["v"] + 1
        finally:
            await p.close()


async def test_a_join_for_a_room_whose_batch_is_being_restored_waits_for_it_and_the_room_is_restored_once(
        tmp_path, gate, restored_ids):
    stored = await seed(tmp_path, 4)
    first = stored[0]                     # in the batch held at the gate: its inbox is open, the room not started
    with LiveServer(create_app(Settings(data_dir=str(tmp_path)), engine=ENGINE)) as server:
        hub = server.app.state.hub
        await asyncio.to_thread(gate.reached.wait, 30)
        join = asyncio.create_task(Player.join(server.ws, first["room"], first["token"]))
        inbox = hub.bus.mailbox._inboxes[first["room"]]
        await asyncio.to_thread(wait_until, lambda: inbox.qsize() > 0, 30, "the attach in the room's inbox")
        gate.set()
        p = await asyncio.wait_for(join, 30)
        try:
            assert p.you == 1 and p.v == first["v"]
            await asyncio.to_thread(wait_until, hub.rooms.restored.is_set, 30, "the background restore")
            assert collections.Counter(restored_ids) == {r["room"]: 1 for r in stored}
        finally:
            await p.close()


def wired_rooms(bus, settings: Settings) -> Rooms:
    """Rooms on ``bus`` wired as the app wires them (server/app.py ``Hub``): a message for a stored room not
    restored yet restores it first."""
    rooms = Rooms(ENGINE, bus, settings, Metrics())
    bus.mailbox.restore_first = rooms.restore_first
    return rooms


class Sink:
    """A connection's sink (server/bus FanOut): decoded frames and close codes; ``got`` is set by the first one."""

    def __init__(self) -> None:
        self.frames: list[dict] = []
        self.closes: list[int] = []
        self.got = asyncio.Event()

    def __call__(self, frame, close) -> None:
        if frame is not None:
            self.frames.append(msgpack.unpackb(frame))
        if close is not None:
            self.closes.append(close)
        self.got.set()


async def test_a_join_that_reached_a_batch_whose_store_read_failed_is_told_to_retry_and_the_retry_syncs(
        tmp_path, monkeypatch):
    stored = await seed(tmp_path, 2)
    first = stored[0]
    monkeypatch.setattr(rooms_module, "RESTORE_RETRY", 0.0)
    settings = Settings(data_dir=str(tmp_path))
    store = open_store(settings)
    await store.start()
    room_store = SqlRoomStore(store)
    reading, fail = asyncio.Event(), asyncio.Event()
    original = room_store.load_many

    async def fails_once(ids):
        if not fail.is_set():
            reading.set()
            await fail.wait()
            raise BusError("unavailable", "The store cannot be read now.")
        return await original(ids)
    monkeypatch.setattr(room_store, "load_many", fails_once)
    bus = make_bus(settings, store=room_store)
    rooms = wired_rooms(bus, settings)
    try:
        await rooms.restore_all()
        await reading.wait()                       # the batch owns the rooms' inboxes and reads the store
        refused, again = Sink(), Sink()
        bus.fanout.attach_conn("p:1", refused)
        await bus.mailbox.send(first["room"], m.Attach("p:1", first["token"], None))   # queued in its inbox
        fail.set()
        await asyncio.wait_for(refused.got.wait(), 30)
        assert [f["code"] for f in refused.frames] == ["unavailable"] and refused.closes == [wire.CLOSE_SERVER_FULL]
        bus.fanout.attach_conn("p:2", again)      # the client's retry
        await bus.mailbox.send(first["room"], m.Attach("p:2", first["token"], None))
        await asyncio.wait_for(again.got.wait(), 30)
        assert again.frames[0]["t"] == "sync" and again.frames[0]["v"] == first["v"]
    finally:
        await rooms.shutdown()
        await store.close()


async def test_the_status_of_a_room_not_restored_yet_is_its_lobby_entry_not_404(tmp_path, gate):
    stored = await seed(tmp_path, 6)
    last = stored[-1]                     # in the third batch; the first one is held at the gate
    with LiveServer(create_app(Settings(data_dir=str(tmp_path)), engine=ENGINE)) as server:
        hub = server.app.state.hub
        await asyncio.to_thread(gate.reached.wait, 30)
        async with httpx.AsyncClient() as c:
            status = asyncio.create_task(c.get(f"{server.http}/api/rooms/{last['room']}", timeout=30))
            await asyncio.to_thread(wait_until, lambda: last["room"] in hub.rooms._wanted, 30, "the status to wait")
            gate.set()
            r = await asyncio.wait_for(status, 30)
        assert r.status_code == 200
        assert r.json()["id"] == last["room"] and r.json()["v"] == last["v"]


async def test_an_adoption_cancelled_half_way_leaves_no_inbox_without_a_room_and_the_room_is_restored_later(
        tmp_path, gate, monkeypatch):
    stored = await seed(tmp_path, 3)
    settings = Settings(data_dir=str(tmp_path))
    store = open_store(settings)
    await store.start()
    bus = make_bus(settings, store=SqlRoomStore(store))
    rooms = wired_rooms(bus, settings)
    restoring, release = threading.Event(), threading.Event()
    original = Rooms._restore

    def held(self, blob, entries):
        restoring.set()
        release.wait(60)
        return original(self, blob, entries)
    try:
        await rooms.restore_all()
        await asyncio.to_thread(gate.reached.wait, 30)          # the first batch (2 rooms) is held
        later = next(r for r in stored if r["room"] not in bus.mailbox._inboxes)
        monkeypatch.setattr(Rooms, "_restore", held)
        adopting = asyncio.create_task(rooms.adopt(later["room"]))
        await asyncio.to_thread(restoring.wait, 30)             # its inbox is open, its restore under way
        adopting.cancel()                                       # e.g. the process shuts down
        with pytest.raises(asyncio.CancelledError):
            await adopting
        assert later["room"] not in bus.mailbox._inboxes and rooms.queued(later["room"])
        release.set()
        gate.set()
        sink = Sink()
        bus.fanout.attach_conn("p:1", sink)
        await bus.mailbox.send(later["room"], m.Attach("p:1", later["token"], None))
        await asyncio.wait_for(sink.got.wait(), 30)
        assert sink.frames[0]["t"] == "sync" and sink.frames[0]["v"] == later["v"]
    finally:
        release.set()
        await rooms.shutdown()
        await store.close()


async def test_a_batch_whose_lease_could_not_be_taken_is_tried_again_not_dropped_from_the_queue(tmp_path, monkeypatch):
    stored = await seed(tmp_path, 2)
    monkeypatch.setattr(rooms_module, "RESTORE_RETRY", 0.0)
    settings = Settings(data_dir=str(tmp_path))
    store = open_store(settings)
    await store.start()
    bus = make_bus(settings, store=SqlRoomStore(store))
    opened = bus.mailbox.open_inbox
    failures = [BusError("unavailable", "Redis is unreachable.")]     # the first lease taken fails once

    async def flaky(room_id, restore=False):
        if failures:
            raise failures.pop()
        return await opened(room_id, restore)
    monkeypatch.setattr(bus.mailbox, "open_inbox", flaky)
    rooms = wired_rooms(bus, settings)
    try:
        await rooms.restore_all()
        await asyncio.wait_for(rooms.restored.wait(), 60)
        assert {rid: r.v for rid, r in rooms.rooms.items()} == {r["room"]: r["v"] for r in stored}
    finally:
        await rooms.shutdown()
        await store.close()
