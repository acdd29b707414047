"""The Redis room store (server/bus/redis/store.py) against a real redis-server: an append-only change log per room
(a stream) on top of a whole snapshot every ``snapshot_every`` changes, fenced like every write of an owner.
Redis commands and bytes per action are measured in bench/redis_cost.py, not here."""
from __future__ import annotations

from types import SimpleNamespace

import msgpack
import pytest

from server.bus import BusError
from server.bus.interfaces import Carry
from server.bus.redis import keys as K
from server.bus.redis import RedisBus
from server.metrics import Metrics
from server.room import Room
from server.settings import Settings
from tests.server.test_game_real import DECKS, random_bot

import engine as ENGINE


def _settings():
    return SimpleNamespace(lease_ttl=30.0, lease_renew=1000.0, orphan_sweep=1000.0, redis_key_ttl=3600.0)


@pytest.fixture
async def bus(redis_server):
    b = RedisBus(redis_server.url, _settings())
    await b.start()
    yield b
    await b.close()


async def test_appends_go_to_the_stream_and_a_whole_snapshot_drops_them(bus, redis_server):
    await bus.mailbox.open_inbox("r1")
    await bus.store.save("r1", b"snap-0")
    for seq in (1, 2, 3):
        await bus.store.append("r1", seq, b"entry-%d" % seq)
    r = redis_server.client()
    assert r.get(K.snap("r1")) == b"snap-0"
    assert r.xlen(K.log("r1")) == 3
    assert await bus.store.load("r1") == b"snap-0"
    assert await bus.store.load_log("r1") == [b"entry-1", b"entry-2", b"entry-3"]
    assert await bus.store.current(["r1", "nobody"]) == [(b"snap-0", [b"entry-1", b"entry-2", b"entry-3"]),
                                                         (None, [])]
    assert 0 < r.pttl(K.log("r1")) <= 3600_000 and 0 < r.pttl(K.snap("r1")) <= 3600_000
    await bus.store.save("r1", b"snap-3")
    assert not r.exists(K.log("r1"))
    assert await bus.store.current(["r1"]) == [(b"snap-3", [])]
    await bus.store.delete("r1")
    assert not r.exists(K.snap("r1")) and not r.exists(K.log("r1"))


async def test_a_retried_append_keeps_the_last_entry_of_its_commit_number(bus):
    await bus.mailbox.open_inbox("r1")
    await bus.store.save("r1", b"snap")
    await bus.store.append("r1", 1, b"one")
    await bus.store.append("r1", 2, b"two (answer lost)")
    await bus.store.append("r1", 2, b"two and three")
    assert await bus.store.load_log("r1") == [b"one", b"two and three"]


async def test_an_append_after_another_process_took_the_lease_writes_nothing(bus, redis_server):
    await bus.mailbox.open_inbox("r1")
    await bus.store.save("r1", b"snap")
    r = redis_server.client()
    r.set(K.lease("r1"), b"other:99")
    with pytest.raises(BusError) as e:
        await bus.store.append("r1", 1, b"late")
    assert e.value.code == "fenced"
    assert not r.exists(K.log("r1"))
    with pytest.raises(BusError):
        await bus.store.save("r1", b"late snapshot")
    assert r.get(K.snap("r1")) == b"snap"


async def test_an_append_after_redis_lost_its_data_asks_for_a_whole_snapshot(bus, redis_server):
    await bus.mailbox.open_inbox("r1")
    await bus.store.save("r1", b"snap")
    r = redis_server.client()
    r.flushall()
    with pytest.raises(BusError) as e:
        await bus.store.append("r1", 1, b"entry")
    assert e.value.code == "snapshot_needed"
    assert not r.exists(K.log("r1"))
    await bus.store.save("r1", b"snap again")          # re-seeds the lease with the room's epoch
    assert r.get(K.lease("r1")).decode() == bus.mailbox.owned["r1"].token
    await bus.store.append("r1", 1, b"entry")
    assert await bus.store.load_log("r1") == [b"entry"]


def _listen(redis_server, channel):
    ps = redis_server.client().pubsub()
    ps.ssubscribe(channel)
    ps.get_message(timeout=1.0)            # the subscription confirmation
    return ps


def _messages(ps) -> list[bytes]:
    out = []
    while (msg := ps.get_message(timeout=0.2)) is not None:
        if msg["type"] == "smessage":
            out.append(msg["data"])
    return out


async def test_an_append_publishes_the_frames_it_carries_after_its_entry(bus, redis_server):
    await bus.mailbox.open_inbox("r1")
    await bus.store.save("r1", b"snap")
    ps = _listen(redis_server, K.proc("other"))
    carry = Carry([(0, "other"), (1, "other"), (1, "gone")],
                  [K.proc("other"), b"frame-0", K.proc("other"), b"frame-1", K.proc("gone"), b"frame-1"])
    await bus.store.append("r1", 1, b"entry", carry=carry)
    assert await bus.store.load_log("r1") == [b"entry"]
    assert carry.received == [1, 1, 0]
    assert carry.published(1) == {"other"}          # "gone" has no subscriber: the outbox retries it
    assert _messages(ps) == [b"frame-0", b"frame-1"]


async def test_a_fenced_append_publishes_nothing_it_carries(bus, redis_server):
    await bus.mailbox.open_inbox("r1")
    await bus.store.save("r1", b"snap")
    ps = _listen(redis_server, K.proc("other"))
    redis_server.client().set(K.lease("r1"), b"other:99")
    carry = Carry([(0, "other")], [K.proc("other"), b"frame-0"])
    with pytest.raises(BusError):
        await bus.store.append("r1", 1, b"late", carry=carry)
    assert carry.received is None and carry.published(0) == frozenset()
    assert _messages(ps) == []


async def test_a_room_writes_entries_between_whole_snapshots_and_restores_from_both(bus, redis_server):
    settings = Settings(snapshot_every=5)
    room, _ = Room.create("g1", {"decks": list(DECKS), "clock": None, "spectators": True}, ENGINE, bus, settings,
                          Metrics())
    room.seats.tokens[2] = "x"
    room.inbox = await bus.mailbox.open_inbox("g1")
    await bus.store.save("g1", room.snapshot())
    room.deal()
    bot = random_bot(3)
    r = redis_server.client()
    seen_entries, left_after_compaction = set(), set()
    for _ in range(23):
        p = room.game.to_act()
        room.apply(p, bot(room.game.legal_actions(p), None))
        await room.store.commit()
        seen_entries.add(r.xlen(K.log("g1")))
        await room.store.compact()
        left_after_compaction.add(r.xlen(K.log("g1")))
        blob, entries = (await bus.store.current(["g1"]))[0]
        assert Room.snapshot_version(blob, ENGINE, entries) == room.v
        restored = Room.restore(blob, ENGINE, bus, settings, Metrics(), entries)
        assert restored.v == room.v and restored.game.log == room.game.log
    assert seen_entries == {1, 2, 3, 4, 5}              # every commit is one entry
    assert left_after_compaction == {0, 1, 2, 3, 4}     # the compaction after the 5th wrote a whole snapshot

    r.flushall()                                         # Redis lost its data: the next commit stores it whole
    p = room.game.to_act()
    room.apply(p, bot(room.game.legal_actions(p), None))
    await room.store.commit()
    assert msgpack.unpackb(r.get(K.snap("g1")))["v"] == room.v and not r.exists(K.log("g1"))
