"""A room writes each change as one log entry before it broadcasts it, and its whole snapshot, which replaces
``settings.snapshot_every`` entries, only after the broadcast (server/room/persistence.py ``compact``): no change
waits for a snapshot to be built and written."""
from __future__ import annotations

import asyncio
import random

import msgpack

import engine as ENGINE
from engine.selfplay import random_action
from server.bus import memory_bus
from server.bus import messages as m
from server.metrics import Metrics
from server.room import Room, hash_token
from server.settings import Settings
from tests.server.test_log_entry_decks import Log

EVERY = 4


class Recorder(Log):
    """An append-only room store (tests/server/test_log_entry_decks.py ``Log``) that also records each write, in
    order, in ``events`` beside the frames delivered."""

    def __init__(self, events: list) -> None:
        super().__init__()
        self.events = events

    async def save(self, room_id, blob):
        self.events.append("snapshot")
        await super().save(room_id, blob)

    async def append(self, room_id, seq, entry, carry=None):
        self.events.append("entry")
        await super().append(room_id, seq, entry, carry)


async def _play(actions: int) -> tuple[Room, Recorder, list[list]]:
    """A dealt room running its task, both seats attached; ``actions`` random actions sent through its inbox, each
    once the room answered a ``Status`` sent after the one before (the inbox is in order). Returns the room, its
    store and, per action, the events it caused in order (each write, and "frame" for each frame delivered)."""
    events: list = []
    store = Recorder(events)
    bus = memory_bus(store=store)
    opts = {"decks": sorted(ENGINE.starter_decks())[:2], "clock": None, "spectators": True}
    room, token = Room.create("cp", opts, ENGINE, bus, Settings(fixed_seed=5, snapshot_every=EVERY), Metrics())
    room.seats.tokens[2] = hash_token("two")
    room.deal()
    for conn in ("c1", "c2"):
        bus.fanout.attach_conn(conn, lambda frame, close: events.append("frame"))
    room.inbox = await bus.mailbox.open_inbox(room.id)
    task = asyncio.create_task(room.run())
    await bus.mailbox.send(room.id, m.Attach("c1", token))
    await bus.mailbox.send(room.id, m.Attach("c2", "two"))
    await bus.mailbox.call(room.id, m.Status())
    rng = random.Random(5)
    per_action = []
    for i in range(actions):
        events.clear()
        p = room.game.to_act()
        await bus.mailbox.send(room.id, m.Act(f"c{p}", f"a{i}", room.v, random_action(rng, room.game.legal_actions(p))))
        await bus.mailbox.call(room.id, m.Status())
        per_action.append(list(events))
    task.cancel()
    try:
        await task
    except asyncio.CancelledError:
        pass
    return room, store, per_action


async def test_each_change_is_one_log_entry_written_before_its_frames():
    _, _, per_action = await _play(3 * EVERY)
    for events in per_action:
        assert events[0] == "entry" and events.count("entry") == 1 and "frame" in events


async def test_the_whole_snapshot_is_written_after_the_frames_once_snapshot_every_entries_wait():
    _, _, per_action = await _play(3 * EVERY)
    compacted = [i for i, events in enumerate(per_action) if "snapshot" in events]
    assert len(compacted) >= 2
    for i in compacted:
        assert per_action[i][-1] == "snapshot" and per_action[i][-2] == "frame"
    assert all(b - a == EVERY for a, b in zip(compacted, compacted[1:]))


async def test_a_room_restored_from_its_compacted_store_is_the_room():
    room, store, _ = await _play(2 * EVERY + 1)
    restored = Room.restore(store.snapshot, ENGINE, None, Settings(fixed_seed=5), Metrics(), store.entries)
    assert restored.v == room.v and restored.game.log == room.game.log
    assert msgpack.unpackb(store.snapshot)["v"] < room.v           # entries were written after the snapshot
