"""What a room keeps per viewer and per connection: spectators share one view and one frame, a
room keeps no engine views once an action's frames are built, a connection's outbox is a plain bounded FIFO."""
import asyncio
import random

import pytest

import engine as ENGINE
from engine.selfplay import random_action
from server.bus import memory_bus
from server.bus import messages as m
from server.metrics import Metrics
from server.room import Room, hash_token
from server.settings import Settings
from server.ws import Outbox


async def room_with_spectators(spectators=3, actions=12):
    bus = memory_bus()
    opts = {"decks": sorted(ENGINE.starter_decks())[:2], "clock": None, "spectators": True}
    room, t1 = Room.create("mem", opts, ENGINE, bus, Settings(fixed_seed=5), Metrics())
    room.seats.tokens[2] = hash_token("seat-two")
    room.deal()
    got = {}
    for conn, token in [("p:1", t1), ("p:2", "seat-two")] + [(f"s:{i}", None) for i in range(spectators)]:
        got[conn] = []
        bus.fanout.attach_conn(conn, lambda frame, close, conn=conn: got[conn].append(frame))
        await room.handle(m.Attach(conn, token))
    rng, g = random.Random(5), room.game
    for n in range(actions):
        p = g.to_act()
        await room.handle(m.Act(f"p:{p}", f"a{n}", g.version, random_action(rng, g.legal_actions(p))))
    return room, got


def test_spectators_share_one_tracked_view_and_receive_the_same_frame_object():
    room, got = asyncio.run(room_with_spectators())
    assert sorted(room.versions.tracked, key=str) == [1, 2, None]
    frames = [got[f"s:{i}"] for i in range(3)]
    assert len(frames[0]) > 5 and all(len(f) == len(frames[0]) for f in frames)
    assert all(a is b is c for a, b, c in zip(*(f[1:] for f in frames)))   # after each one's own join sync


def test_a_room_keeps_no_engine_views_after_an_actions_frames_are_built():
    room, _ = asyncio.run(room_with_spectators(spectators=1))
    assert room.cache.held_views() == 0


def test_outbox_is_a_bounded_fifo_whose_reader_waits_for_the_next_item():
    async def go():
        box = Outbox(2)
        reader = asyncio.ensure_future(box.get())
        await asyncio.sleep(0)
        assert not reader.done()
        box.put_nowait(b"a")
        assert await reader == b"a"
        box.put_nowait(b"b")
        box.put_nowait(b"c")
        assert box.full()
        with pytest.raises(asyncio.QueueFull):
            box.put_nowait(b"d")
        assert [await box.get(), await box.get()] == [b"b", b"c"] and box.empty()
    asyncio.run(go())
