"""Issue 21 item 2 (CPU per client action): the frames a connection's writer finds queued together go out in one
socket write (server/ws_frames.py), as the very bytes uvicorn's ``send`` writes frame by frame."""
from __future__ import annotations

import asyncio
from types import SimpleNamespace

from websockets.protocol import Protocol, Side

from server import ws_frames
from server.ws import Outbox
from server.ws_frames import FrameBatch
from tests.server.harness import Player, create_room, join_seat
from tests.server.test_game_fake import aggressive


class _Transport:
    def __init__(self) -> None:
        self.writes: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.writes.append(data)

    def get_write_buffer_size(self) -> int:
        return 0


def _proto():
    writable = asyncio.Event()
    writable.set()
    return SimpleNamespace(conn=Protocol(Side.SERVER), transport=_Transport(), writable=writable,
                           handshake_complete=True, close_sent=False, disconnected=False, initial_response=None)


def test_frames_queued_together_are_written_in_one_socket_write_with_the_bytes_of_one_send_each():
    frames = [b"\x81\xa1t\xa4diff", b"x" * 300, b"y" * 70000]
    proto = _proto()
    FrameBatch(proto).write(frames)
    one_by_one = Protocol(Side.SERVER)
    expected = b""
    for data in frames:                    # what uvicorn's send does for each websocket.send message
        one_by_one.send_binary(data)
        expected += b"".join(one_by_one.data_to_send())
    assert proto.transport.writes == [expected]


def test_the_outbox_hands_over_the_queued_frames_up_to_a_close_and_at_most_the_limit():
    box = Outbox(0)
    for item in (b"a", b"b", b"c", ("close", 4003), b"d"):
        box.put_nowait(item)
    got: list = []
    box.take_frames(got, 2)
    assert got == [b"a", b"b"]
    box.take_frames(got, 10)
    assert got == [b"a", b"b", b"c"]


async def test_the_live_server_writes_a_connection_s_frames_through_the_batch_writer(live, monkeypatch):
    batches: list[int] = []
    write = FrameBatch.write

    def counting(self, frames):
        batches.append(len(frames))
        write(self, frames)
    monkeypatch.setattr(ws_frames.FrameBatch, "write", counting)
    room = await create_room(live.http)
    seat2 = await join_seat(live.http, room["room"])
    a = await Player.join(live.ws, room["room"], room["token"])
    b = await Player.join(live.ws, room["room"], seat2["token"])
    await asyncio.gather(a.play(aggressive, timeout=30), b.play(aggressive, timeout=30))
    assert a.result == b.result and a.v == b.v
    assert batches and sum(batches) >= a.v
