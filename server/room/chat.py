"""The room's chat: lines from its connections, delivered to the viewers allowed to read their channel (the rules
and limits are server/chat.py ``RoomChat``; ``room.chat`` is the room's one).

Interface: :func:`on_chat` ``(room, msg)`` answers the inbox's ``Say``; :func:`send_history` ``(room, conn,
seat)`` sends a joining connection the lines it may read.
"""
from __future__ import annotations

import time

from protocol import Error

from ..bus import messages as m
from ..chat import ChatRefused, reads
from .status import RoomStatus


async def on_chat(room, msg: m.Say) -> None:
    """A chat line from a connection: delivered to the viewers allowed to read its channel; a refused line gets its
    error (``ChatRefused.code``) back, nobody else hears of it."""
    conns = room.audience.conns
    conn = msg.conn
    if conn not in conns:
        return
    seat = conns[conn]
    name = room.seats.names[seat] if seat in (1, 2) else None
    try:
        line = room.chat.post(conn, seat, name or "", msg.text, time.monotonic(), msg.addr)
    except ChatRefused as e:
        await room.audience.send([conn], Error.of(e.code, v=room.v))
        return
    finished = room.status is RoomStatus.FINISHED
    to = [c for c, s in conns.items() if reads(s, line.channel, finished)]
    if to:
        await room.audience.send(to, line)


async def send_history(room, conn: str, seat) -> None:
    """Send ``conn`` (of ``seat``, None = spectator) the chat lines it may read, oldest first."""
    for line in room.chat.history(seat, room.status is RoomStatus.FINISHED):
        await room.audience.send([conn], line)
