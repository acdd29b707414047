"""The bus seams (server/bus/): typed inbox messages, the memory mailbox / fan-out / room store / lobby directory,
and the room status the room sets itself (server/room/status.py ``RoomStatus``)."""
from __future__ import annotations

import asyncio
import random

import msgpack
import pytest

from server.bus import BusError, make_bus, memory_bus
from server.bus import messages as m
from server.bus.memory import INBOX_SIZE, MemoryRoomStore
from server.gameapi import real_engine
from server.metrics import Metrics
from server.room.status import status_from_view
from server.room import Room, RoomStatus
from server.settings import Settings
from tests.server.fake_engine import ENGINE

ALL_MESSAGES = [m.Attach("p:1", "tok", 3), m.Detach("p:1"), m.Act("p:1", "a1", 4, {"act": "pass"}, 1.5),
                m.Resync("p:1"), m.Claim(False, "p:r1"), m.Status("p:r2"), m.Shutdown(), m.Fenced(),
                m.BackendBack()]


@pytest.mark.parametrize("msg", ALL_MESSAGES, ids=lambda x: type(x).__name__)
def test_every_inbox_message_survives_its_wire_form(msg):
    wire = msgpack.unpackb(msgpack.packb(m.to_wire(msg)))
    assert m.from_wire(wire) == msg


def test_an_inbox_map_of_unknown_kind_or_missing_field_is_refused():
    with pytest.raises(ValueError):
        m.from_wire({"k": "explode"})
    with pytest.raises(ValueError):
        m.from_wire({"k": "attach"})          # no conn


def test_a_newer_senders_extra_field_is_ignored():
    assert m.from_wire({"k": "detach", "conn": "p:1", "later": 1}) == m.Detach("p:1")


async def test_memory_mailbox_refuses_unknown_rooms_and_full_inboxes():
    bus = memory_bus()
    with pytest.raises(BusError) as e:
        await bus.mailbox.send("nope", m.Shutdown())
    assert e.value.code == "room_not_found"
    await bus.mailbox.open_inbox("r1")
    with pytest.raises(BusError) as e:
        await bus.mailbox.open_inbox("r1")
    assert e.value.code == "room_exists"
    for _ in range(INBOX_SIZE):
        await bus.mailbox.send("r1", m.Resync("c"))
    with pytest.raises(BusError) as e:
        await bus.mailbox.send("r1", m.Resync("c"))
    assert e.value.code == "room_busy"


async def test_memory_call_is_answered_through_reply():
    bus = memory_bus()
    inbox = await bus.mailbox.open_inbox("r1")

    async def owner():
        msg = await inbox.get(5)
        await bus.mailbox.reply(msg.reply_to, {"seen": type(msg).__name__})
    task = asyncio.ensure_future(owner())
    assert await bus.mailbox.call("r1", m.Status()) == {"seen": "Status"}
    await task


async def test_memory_call_times_out_without_an_answer():
    bus = memory_bus()
    await bus.mailbox.open_inbox("r1")
    with pytest.raises(BusError) as e:
        await bus.mailbox.call("r1", m.Status(), timeout=0.05)
    assert e.value.code == "timeout"


async def test_room_store_in_a_directory_outlives_the_process(tmp_path):
    first = MemoryRoomStore(str(tmp_path))
    await first.start()
    await first.save("r1", b"snap")
    second = MemoryRoomStore(str(tmp_path))
    await second.start()
    assert second.persistent and await second.ids() == ["r1"] and await second.load("r1") == b"snap"
    await second.delete("r1")
    assert await MemoryRoomStore(str(tmp_path)).load("r1") is None


def test_make_bus_takes_another_room_store_only_without_redis():
    store = MemoryRoomStore()
    assert make_bus(Settings(), store=store).store is store
    with pytest.raises(ValueError):
        make_bus(Settings(redis="redis://127.0.0.1:1"), store=store)


class CountingEngine:
    """The fake engine, counting every view its games build."""

    def __init__(self):
        self.views = 0
        outer = self

        class Game(ENGINE.Game):
            def view(self, viewer):
                outer.views += 1
                return super().view(viewer)
        self.Game, self.EngineError, self.load_deck = Game, ENGINE.EngineError, ENGINE.load_deck


def _room(engine, **settings):
    room, _token = Room.create("r1", {"decks": ["A", "B"], "clock": {"base": 60.0, "increment": 0.0},
                                      "spectators": True}, engine, memory_bus(), Settings(**settings), Metrics())
    return room


def test_reading_the_room_status_builds_no_view():
    engine = CountingEngine()
    room = _room(engine)
    room.seats.tokens[2] = "x"
    room.deal()          # both seats and decks known: the game is dealt, the status is preliminary
    room.apply(1, {"act": "choose", "option": "keep"})
    before = engine.views
    for _ in range(100):
        assert room.status is RoomStatus.PRELIMINARY
        room.info()
    assert engine.views == before


def test_status_moves_to_playing_on_turn_one_and_to_finished_on_a_result():
    room = _room(ENGINE)
    room.seats.tokens[2] = "x"
    room.deal()          # both seats and decks known: the game is dealt, the status is preliminary
    room.apply(1, {"act": "choose", "option": "keep"})
    assert room.status is RoomStatus.PRELIMINARY
    room.apply(2, {"act": "choose", "option": "keep"})
    assert room.status is RoomStatus.PLAYING
    room.apply(1, {"act": "concede"})
    assert room.status is RoomStatus.FINISHED


def test_with_the_real_engine_the_status_equals_what_the_spectator_view_shows_at_every_version():
    engine = real_engine()
    rng = random.Random(7)
    for seed in range(3):
        room, _ = Room.create("r1", {"decks": _two_decks(), "clock": {"base": 60.0, "increment": 0.0},
                                     "spectators": True}, engine, memory_bus(), Settings(fixed_seed=seed), Metrics())
        room.seats.tokens[2] = "x"
        room.deal()
        seen = set()
        for _ in range(400):
            p = room.game.to_act()
            if p is None:
                break
            acts = [a for a in room.game.legal_actions(p) if a["act"] != "concede"]
            room.apply(p, rng.choice(acts))
            assert room.status is status_from_view(room)
            seen.add(room.status)
        assert RoomStatus.PLAYING in seen


def _two_decks() -> list[str]:
    names = real_engine().deck_names()
    return [names[0], names[1 % len(names)]]


def test_a_snapshot_from_before_the_status_field_restores_with_the_status_of_its_view():
    room = _room(ENGINE)
    room.seats.tokens[2] = "x"
    room.deal()          # both seats and decks known: the game is dealt, the status is preliminary
    for p in (1, 2):
        room.apply(p, {"act": "choose", "option": "keep"})
    old = msgpack.unpackb(room.snapshot())
    del old["status"]
    restored = Room.restore(msgpack.packb(old), ENGINE, memory_bus(), Settings(), Metrics())
    assert restored.status is RoomStatus.PLAYING
    assert Room.restore(room.snapshot(), ENGINE, memory_bus(), Settings(), Metrics()).status is RoomStatus.PLAYING


def test_status_values_are_the_documented_strings():
    assert [s.value for s in RoomStatus] == ["waiting", "preliminary", "playing", "finished"]
