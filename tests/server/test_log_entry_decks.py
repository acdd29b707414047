"""A room's log entries carry its decks only until a write after the deal has stored them (bytes per
commit); a room restored from its snapshot and such entries has the same decks, labels and version."""
from __future__ import annotations

import random

import msgpack

import engine as ENGINE
from engine.selfplay import random_action
from server.bus import memory_bus
from server.bus.interfaces import RoomStore
from server.metrics import Metrics
from server.room import Room, hash_token
from server.settings import Settings


class Log(RoomStore):
    """An append-only room store in a list: the last snapshot and the entries written after it."""

    persistent = True
    appends = True

    def __init__(self) -> None:
        self.snapshot: bytes | None = None
        self.entries: list[bytes] = []

    async def save(self, room_id, blob):
        self.snapshot, self.entries = blob, []

    async def append(self, room_id, seq, entry, carry=None):
        self.entries.append(entry)

    async def load(self, room_id):
        return self.snapshot

    async def delete(self, room_id):
        self.snapshot, self.entries = None, []

    async def ids(self):
        return []


async def _played(actions: int) -> tuple[Room, Log]:
    """A room created waiting (its snapshot stored), then dealt and played ``actions`` random actions, each
    change committed as the server does."""
    store = Log()
    opts = {"decks": sorted(ENGINE.starter_decks())[:2], "clock": None, "spectators": True}
    room, _ = Room.create("ld", opts, ENGINE, memory_bus(store=store), Settings(fixed_seed=5), Metrics())
    await store.save(room.id, room.snapshot())
    room.seats.tokens[2] = hash_token("two")
    room.deal()
    await room.store.commit()
    rng = random.Random(5)
    for _ in range(actions):
        p = room.game.to_act()
        room.apply(p, random_action(rng, room.game.legal_actions(p)))
        await room.store.commit()
    return room, store


async def test_only_the_entry_that_dealt_carries_the_decks():
    room, store = await _played(6)
    states = [msgpack.unpackb(e)["room"] for e in store.entries]
    assert len(states) == 7
    assert states[0]["dealt"] and states[0]["decks"] == room.decks and states[0]["deck_labels"] == room.options["decks"]
    assert all("decks" not in s and "deck_labels" not in s for s in states[1:])


async def test_a_room_restored_from_entries_without_decks_has_the_decks_labels_and_version_of_the_original():
    room, store = await _played(6)
    restored = Room.restore(store.snapshot, ENGINE, None, Settings(fixed_seed=5), Metrics(), store.entries)
    assert restored.decks == room.decks and restored.options["decks"] == room.options["decks"]
    assert restored.v == room.v and restored.game.log == room.game.log


async def test_a_whole_snapshot_after_the_deal_leaves_the_decks_out_of_the_entries_after_it():
    room, store = await _played(2)
    await store.save(room.id, room.snapshot())
    room.store.unsnapshotted = 0
    p = room.game.to_act()
    room.apply(p, random_action(random.Random(1), room.game.legal_actions(p)))
    await room.store.commit()
    assert "decks" not in msgpack.unpackb(store.entries[-1])["room"]
    restored = Room.restore(store.snapshot, ENGINE, None, Settings(fixed_seed=5), Metrics(), store.entries)
    assert restored.decks == room.decks and restored.v == room.v


async def test_a_room_whose_entries_after_its_snapshot_precede_the_deal_restores_waiting_at_v0():
    store = Log()
    opts = {"decks": sorted(ENGINE.starter_decks())[:2], "clock": None, "spectators": True}
    room, _ = Room.create("pre", opts, ENGINE, memory_bus(store=store), Settings(fixed_seed=5), Metrics())
    await store.save(room.id, room.snapshot())
    room.seats.tokens[2] = hash_token("two")       # seat 2 taken; its deck still to choose: no deal yet
    room.decks[1] = None
    await room.store.commit()
    assert room.game is None and len(store.entries) == 1
    restored = Room.restore(store.snapshot, ENGINE, None, Settings(fixed_seed=5), Metrics(), store.entries)
    assert restored.game is None and restored.v == 0 and restored.seats.tokens[2] == room.seats.tokens[2]
