"""What a room answers for the messages still queued in its inbox when it stops (server/room/room.py ``refuse_queued``;
docs/reliability.md "Start-up restore and handovers").

A room that stops but still exists (a graceful shutdown keeps its snapshot for the next process; a room fenced
because another process took its lease over lives on there) must not tell a join or a call that is queued behind
the stop that there is no such room: the browser gives up on 4004. It answers ``unavailable`` (close 1013: the
browser reconnects, and the next try reaches the room's next owner). Only a room closed for good says
``room_not_found``. The messages are queued together with the stop, before the room task reads any of them, so
the order is fixed without waiting for anything but the room task's end."""
from __future__ import annotations

from types import SimpleNamespace

import msgpack
import pytest
from starlette.requests import Request

from server.bus import memory_bus
from server.bus import messages as m
from server.lobby import _room_call
from server.metrics import Metrics
from server.rooms import Rooms
from server.settings import Settings
from server import wire
from tests.server.fake_engine import ENGINE

OPTIONS = {"decks": ["A", "B"], "clock": None, "spectators": True}


class Sink:
    """A connection's sink: decoded frames and close codes, in order."""

    def __init__(self) -> None:
        self.frames: list[dict] = []
        self.closes: list[int] = []

    def __call__(self, frame, close) -> None:
        if frame is not None:
            self.frames.append(msgpack.unpackb(frame))
        if close is not None:
            self.closes.append(close)


@pytest.fixture
async def rooms():
    rooms = Rooms(ENGINE, memory_bus(), Settings(), Metrics())
    yield rooms
    await rooms.shutdown()


async def stop_with_a_join_queued(rooms: Rooms, stop) -> Sink:
    """Create a room, queue ``stop`` and then a seat-1 join in its inbox before the room reads either; wait for
    the room task to end; the join's sink."""
    rid, token = await rooms.create(OPTIONS)
    sink = Sink()
    rooms.bus.fanout.attach_conn("p:1", sink)
    task = rooms.tasks[rid]
    inbox = rooms.rooms[rid].inbox
    inbox.put(stop)
    inbox.put(m.Attach("p:1", token, None))
    await task
    return sink


async def test_a_join_queued_behind_a_graceful_shutdown_is_told_to_retry_not_that_the_room_is_gone(rooms):
    sink = await stop_with_a_join_queued(rooms, m.Shutdown())
    assert [f["code"] for f in sink.frames] == ["unavailable"]
    assert sink.closes == [wire.CLOSE_SERVER_FULL]


async def test_a_join_queued_behind_a_lost_lease_is_told_to_retry_not_that_the_room_is_gone(rooms):
    sink = await stop_with_a_join_queued(rooms, m.Fenced())
    assert [f["code"] for f in sink.frames] == ["unavailable"]
    assert sink.closes == [wire.CLOSE_SERVER_FULL]


async def test_a_join_queued_behind_the_rooms_end_for_good_is_told_the_room_is_gone(rooms):
    rid, token = await rooms.create(OPTIONS)
    room = rooms.rooms[rid]
    sink = Sink()
    rooms.bus.fanout.attach_conn("p:1", sink)
    await room.close(wire.CLOSE_ROOM_CLOSED)          # expired: the snapshot and the lobby entry are deleted
    room.inbox.put(m.Attach("p:1", token, None))
    await rooms.tasks[rid]
    assert [f["code"] for f in sink.frames] == ["room_not_found"]
    assert sink.closes == [wire.CLOSE_ROOM_NOT_FOUND]


async def test_an_http_call_queued_behind_a_shutdown_gets_503_unavailable(rooms):
    rid, _ = await rooms.create(OPTIONS)
    task = rooms.tasks[rid]
    rooms.rooms[rid].inbox.put(m.Shutdown())
    hub = type("Hub", (), {"bus": rooms.bus})()
    request = Request({"type": "http", "headers": [(b"accept-language", b"en")],
                       "app": SimpleNamespace(state=SimpleNamespace(hub=hub))})
    answer, error = await _room_call(request, rid, m.Status())     # queued behind the shutdown, answered by its end
    await task
    assert answer is None and error.status_code == 503
    assert error.body and b'"unavailable"' in error.body and b"moving to another server" in error.body
