"""A frame for a connection with nothing queued, an idle writer and a writable transport is written at once, in
the sender's turn of the loop (server/ws.py ``Connection.sink``); otherwise it is queued for the writer, in order."""
from __future__ import annotations

import asyncio
from types import SimpleNamespace

from server.settings import Settings
from server.ws import Connection
from server.ws_close import SCOPE_KEY


class Proto:
    """uvicorn's websocket protocol as server/ws_close.py sees it: ``send``, ``writable``, ``transport``."""

    def __init__(self) -> None:
        self.writable = asyncio.Event()
        self.writable.set()
        self.transport = SimpleNamespace(is_closing=lambda: False)
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
