"""A frame for a connection with nothing queued, an idle writer and a writable transport is written at once, in
the sender's turn of the loop (server/ws.py ``Connection.sink``), and a change's several frames for it in one write
(``Connection.sink_all``, fed by the bus's ``deliver_all``); otherwise they are queued for the writer, in order."""
from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest

from server.settings import Settings
from server.ws import Connection
from server.ws_close import SCOPE_KEY


class Sansio:
    """The websockets protocol object uvicorn keeps: frames made by ``send_binary``, taken by ``data_to_send``."""

    def __init__(self) -> None:
        self.out: list[bytes] = []

    def send_binary(self, data: bytes) -> None:
        self.out.append(b"<" + data + b">")

    def data_to_send(self) -> list[bytes]:
        out, self.out = self.out, []
        return out


class Proto:
    """uvicorn's websocket protocol as server/ws_close.py sees it: ``send``, ``writable``, ``transport``,
    ``conn`` and its state flags. ``written``: the frames sent; ``writes``: the transport's writes."""

    def __init__(self) -> None:
        self.writable = asyncio.Event()
        self.writable.set()
        self.writes: list[bytes] = []
        self.transport = SimpleNamespace(is_closing=lambda: False, write=self.writes.append)
        self.conn = Sansio()
        self.disconnected = self.close_sent = False
        self.handshake_complete = True
        self.initial_response = None
        self.written: list[bytes] = []

    async def send(self, message) -> None:
        await self.writable.wait()
        self.written.append(message["bytes"])


async def _connection() -> tuple[Connection, Proto, asyncio.Task]:
    proto = Proto()
    ws = SimpleNamespace(scope={SCOPE_KEY: proto.send}, client=None)
    hub = SimpleNamespace(settings=Settings(), bus=SimpleNamespace(mailbox=None, fanout=None), process_id="p",
                          metrics=SimpleNamespace(dropped_slow=0))
    conn = Connection(ws, hub)
    writer = asyncio.create_task(conn.writer())
    while not conn.queue.idle():              # the writer reaches its first wait
        await asyncio.sleep(0)
    return conn, proto, writer


async def test_a_frame_to_an_idle_writable_connection_is_written_before_sink_returns():
    conn, proto, writer = await _connection()
    conn.sink(b"one", None)
    assert proto.written == [b"one"] and conn.queue.empty()
    writer.cancel()


async def test_a_frame_to_a_connection_that_cannot_write_now_is_queued_and_sent_by_the_writer_in_order():
    conn, proto, writer = await _connection()
    proto.writable.clear()                    # flow control: the transport's buffer is full
    conn.sink(b"one", None)
    conn.sink(b"two", None)
    assert proto.written == [] and not conn.queue.empty()
    proto.writable.set()
    conn.sink(b"three", None)                 # the writer still holds earlier frames: this one waits behind them
    while len(proto.written) < 3:
        await asyncio.sleep(0)
    assert proto.written == [b"one", b"two", b"three"]
    writer.cancel()


async def test_a_changes_frames_for_an_idle_writable_connection_go_out_in_one_write():
    conn, proto, writer = await _connection()
    conn.sink_all([b"one", b"two"])
    assert proto.writes == [b"<one><two>"] and conn.queue.empty()
    writer.cancel()


async def test_a_changes_frames_for_a_connection_that_cannot_write_now_are_queued_in_order():
    conn, proto, writer = await _connection()
    proto.writable.clear()
    conn.sink_all([b"one", b"two"])
    assert proto.writes == [] and proto.written == []
    proto.writable.set()
    while len(proto.written) < 2:
        await asyncio.sleep(0)
    assert proto.written == [b"one", b"two"]
    writer.cancel()


def _memory_fan_out():
    from server.bus.memory import MemoryFanOut
    return MemoryFanOut()


def _redis_fan_out():
    """The Redis fan-out of process ``p``, for its own connections only (no Redis is reached for them)."""
    from server.bus.redis.fanout import RedisFanOut
    link = SimpleNamespace(process_id="p", stats={}, on_proc={}, on_reconnect=[], periodic=[], metrics=[])
    return RedisFanOut(link, SimpleNamespace(owned={}))


@pytest.mark.parametrize("make", [_memory_fan_out, _redis_fan_out], ids=["memory", "redis"])
async def test_the_fan_out_hands_each_local_connection_its_frames_of_a_change_together_in_order(make):
    fan = make()
    got: list = []
    fan.attach_conn("p:a", lambda frame, close: got.append(("a", frame)), lambda frames: got.append(("a*", frames)))
    fan.attach_conn("p:b", lambda frame, close: got.append(("b", frame)))
    fan.attach_conn("p:c", lambda frame, close: got.append(("c", frame)), lambda frames: got.append(("c*", frames)))
    await fan.deliver_all("r", [(["p:a", "p:b", "p:c"], b"1", 1, False), (["p:a", "p:b"], b"2", 2, False)])
    assert sorted(got) == [("a*", [b"1", b"2"]), ("b", b"1"), ("b", b"2"), ("c", b"1")]
    assert [f for who, f in got if who == "b"] == [b"1", b"2"]


async def test_under_uvicorn_a_changes_frames_go_out_together_and_every_viewer_sees_the_same_game(live, monkeypatch):
    import server.ws
    from tests.server.harness import Player, create_room, join_seat
    from tests.server.test_game_fake import aggressive

    together: list[int] = []
    real = server.ws.direct_write_all

    def spying(ws):
        write_all = real(ws)
        assert write_all is not None                       # uvicorn's protocol offers what the fast path needs

        def spy(frames):
            done = write_all(frames)
            if done:
                together.append(len(frames))
            return done
        return spy

    monkeypatch.setattr(server.ws, "direct_write_all", spying)
    room = await create_room(live.http, decks=["A", "B"])
    seat2 = await join_seat(live.http, room["room"])
    a = await Player.join(live.ws, room["room"], room["token"])
    b = await Player.join(live.ws, room["room"], seat2["token"])
    s = await Player.join(live.ws, room["room"], None)
    await asyncio.gather(a.play(aggressive), b.play(aggressive), s.watch())
    assert a.result == b.result == s.result and a.v == b.v == s.v and a.view["room"] == s.view["room"]
    assert together and min(together) >= 2
    for p in (a, b, s):
        await p.close()
