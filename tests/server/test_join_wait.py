"""The join timeout covers the join frame, not the wait for the room (docs/reliability.md "Start-up restore").

A join for a stored room the start-up restore has not reached yet waits for that room (server/rooms.py
``restore_first``; on Redis the send path adopts it), which can take longer than ``join_timeout`` under load. The
connection used to be closed with 4008 "no join received in time" then, although the join had come and the room
existed. These tests run one :class:`server.ws.Connection` on a loop of their own whose clock only moves when the
test moves it, so "longer than the timeout" needs no sleep and no race."""
from __future__ import annotations

import asyncio
from types import SimpleNamespace

import msgpack

from server import wire
from server.bus.memory import MemoryFanOut
from server.metrics import Metrics
from server.settings import Settings
from server.ws import Connection, first_frame

JOIN = msgpack.packb({"t": "join", "room": "r1", "token": None, "v": None, "pv": 1})


class FakeSocket:
    """Gives the queued client frames, then waits forever (the client sends nothing more)."""

    def __init__(self, frames: list[bytes]) -> None:
        self.frames = list(frames)
        self.idle = asyncio.Event()        # set once the connection waits for a frame that does not come

    async def receive(self) -> dict:
        if self.frames:
            return {"type": "websocket.receive", "bytes": self.frames.pop(0)}
        self.idle.set()
        await asyncio.get_running_loop().create_future()


class SlowRoomMailbox:
    """A mailbox whose ``send`` waits until the test lets the room take it (a room being restored)."""

    def __init__(self) -> None:
        self.entered = asyncio.Event()
        self.release = asyncio.Event()
        self.sent: list = []

    async def send(self, room_id: str, msg) -> None:
        self.entered.set()
        await self.release.wait()
        self.sent.append((room_id, msg))


def run_with_manual_clock(scenario) -> None:
    """Run ``scenario(advance)`` on a fresh loop whose ``time()`` moves only by ``await advance(seconds)``, which
    returns once every timer due by then has run."""
    loop = asyncio.new_event_loop()
    now = [loop.time()]
    loop.time = lambda: now[0]

    async def advance(seconds: float) -> None:
        now[0] += seconds
        due = asyncio.Event()
        loop.call_at(now[0], due.set)       # timers run in deadline order: every earlier one has run before it
        await due.wait()
    try:
        loop.run_until_complete(scenario(advance))
    finally:
        loop.close()


def connection(frames: list[bytes], mailbox, join_timeout: float = 10.0) -> Connection:
    hub = SimpleNamespace(settings=Settings(join_timeout=join_timeout), metrics=Metrics(), process_id="p",
                          bus=SimpleNamespace(mailbox=mailbox, fanout=MemoryFanOut()))
    return Connection(FakeSocket(frames), hub)


def test_a_join_waiting_for_its_room_longer_than_the_join_timeout_is_not_closed():
    async def scenario(advance):
        mailbox = SlowRoomMailbox()
        conn = connection([JOIN], mailbox)
        task = asyncio.create_task(first_frame(conn))
        await mailbox.entered.wait()            # the join frame came; the room is still being restored
        await advance(60.0)                     # six join timeouts pass
        mailbox.release.set()
        assert await task is True
        assert conn.room == "r1" and conn.close_code is None and len(mailbox.sent) == 1
    run_with_manual_clock(scenario)


def test_a_connection_without_a_join_frame_is_still_closed_with_4008_after_the_join_timeout():
    async def scenario(advance):
        conn = connection([], SlowRoomMailbox())
        task = asyncio.create_task(first_frame(conn))
        await conn.ws.idle.wait()
        await advance(10.5)
        assert await task is False
        assert conn.close_code == wire.CLOSE_JOIN_TIMEOUT
    run_with_manual_clock(scenario)
