"""The seams inside one process: inboxes are bounded FIFOs read by their room, frames are handed to sinks
directly, snapshots and lobby entries live in dicts.

:class:`MemoryRoomStore` with ``snapshot_dir`` also writes each snapshot to ``<dir>/<room_id>.snap`` so a restarted
process can restore its rooms (graceful shutdown).
"""
from __future__ import annotations

import asyncio
import itertools
import os
import re
from collections import deque

from .interfaces import BusError, Carry, FanOut, Inbox, LobbyDirectory, Mailbox, RoomStore, Sink, SinkAll, hand_over
from .messages import Detach

INBOX_SIZE = 1024
_ROOM_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class QueueInbox(Inbox):
    """A bounded FIFO inbox (``INBOX_SIZE`` messages) read by one task, the room; ``put`` raises BusError room_busy,
    except for a ``Detach``: a connection's departure is always queued (each attached connection sends one, so they
    are bounded by the connections; a lost one would leave its seat held by a connection that is gone, never away).

    A deque and one waiter future instead of ``asyncio.Queue`` under ``asyncio.wait_for`` (CPU per
    action): a ``get`` with a timeout made a task and a timer for every message; here a ``get`` that finds a message
    queued returns it at once, and one that waits arms a single timer (``call_later``) that wakes it with None."""

    __slots__ = ("_items", "_waiter")

    def __init__(self) -> None:
        self._items: deque = deque()
        self._waiter: asyncio.Future | None = None

    def put(self, msg) -> None:
        """Queue one message. Raises BusError("room_busy") when the inbox is full (never for a ``Detach``)."""
        if len(self._items) >= INBOX_SIZE and not isinstance(msg, Detach):
            raise BusError("room_busy", "The room is overloaded; try again.")
        self._push(msg)

    def notify(self, msg) -> None:
        """Queue a notice of the backend; a full inbox drops it (the room is flooded anyway; it repeats)."""
        if len(self._items) < INBOX_SIZE:
            self._push(msg)

    def _push(self, msg) -> None:
        self._items.append(msg)
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def qsize(self) -> int:
        """Messages queued now."""
        return len(self._items)

    async def get(self, timeout: float | None):
        """The next message, or None after ``timeout`` seconds (None = wait forever; <= 0 = only what is queued)."""
        if self._items:
            return self._items.popleft()
        if timeout is not None and timeout <= 0:
            return None
        loop = asyncio.get_running_loop()
        waiter = self._waiter = loop.create_future()
        timer = None if timeout is None else loop.call_later(timeout, _wake, waiter)
        try:
            await waiter
        finally:
            self._waiter = None
            if timer is not None:
                timer.cancel()
        return self._items.popleft() if self._items else None


def _wake(waiter: asyncio.Future) -> None:
    if not waiter.done():
        waiter.set_result(None)


class MemoryMailbox(Mailbox):
    """Inboxes of the rooms of this process (the only process)."""

    def __init__(self) -> None:
        self._inboxes: dict[str, QueueInbox] = {}
        self._waiting: dict[str, asyncio.Future] = {}
        self._ids = itertools.count(1)

    async def open_inbox(self, room_id: str, restore: bool = False) -> Inbox:
        if room_id in self._inboxes:
            raise BusError("room_exists", f"Room {room_id} already has an owner.")
        inbox = self._inboxes[room_id] = QueueInbox()
        return inbox

    async def close_inbox(self, room_id: str) -> None:
        self._inboxes.pop(room_id, None)

    async def send(self, room_id: str, msg) -> None:
        inbox = self._inboxes.get(room_id)
        if inbox is None and self.restore_first is not None and await self.restore_first(room_id):
            inbox = self._inboxes.get(room_id)      # a stored room the start-up restore had not reached yet
        if inbox is None:
            raise BusError("room_not_found", f"There is no room {room_id!r}.")
        inbox.put(msg)

    def _reply_key(self) -> str:
        return f"r{next(self._ids)}"

    async def reply(self, reply_to: str, answer: dict) -> None:
        self._answer(reply_to, answer)


class MemoryFanOut(FanOut):
    """Frames straight to the sinks of this process."""

    def __init__(self) -> None:
        self._sinks: dict[str, Sink] = {}
        self._sinks_all: dict[str, SinkAll] = {}

    def attach_conn(self, conn_id: str, sink: Sink, sink_all: SinkAll | None = None) -> None:
        self._sinks[conn_id] = sink
        if sink_all is not None:
            self._sinks_all[conn_id] = sink_all
        else:
            self._sinks_all.pop(conn_id, None)

    def detach_conn(self, conn_id: str) -> None:
        self._sinks.pop(conn_id, None)
        self._sinks_all.pop(conn_id, None)

    async def deliver_all(self, room: str, sends: list[tuple], carry: Carry | None = None) -> None:
        """Each connection's frames of the change together: to its ``sink_all`` when it has one and more than
        one frame (one socket write), else one by one to its sink."""
        by_conn: dict[str, list[bytes]] = {}
        for conns, frame, _v, _full in sends:
            for cid in conns:
                by_conn.setdefault(cid, []).append(frame)
        hand_over(self._sinks, self._sinks_all, by_conn)

    async def deliver(self, conn_ids: list[str], frame: bytes | None, close: int | None = None, *,
                      room: str | None = None, v: int | None = None, full: bool = False,
                      published: frozenset = frozenset()) -> None:
        for cid in conn_ids:
            sink = self._sinks.get(cid)
            if sink is not None:
                sink(frame, close)


class MemoryRoomStore(RoomStore):
    """Snapshots in a dict; with ``snapshot_dir`` also one file per room (then ``persistent``), read at start."""

    def __init__(self, snapshot_dir: str | None = None) -> None:
        self._snaps: dict[str, bytes] = {}
        self._dir = snapshot_dir
        self.persistent = bool(snapshot_dir)

    async def start(self) -> None:
        if self._dir:
            os.makedirs(self._dir, exist_ok=True)
            for name in os.listdir(self._dir):
                if name.endswith(".snap") and _ROOM_ID.match(name[:-5]):
                    with open(os.path.join(self._dir, name), "rb") as fh:
                        self._snaps[name[:-5]] = fh.read()

    async def save(self, room_id: str, blob: bytes) -> None:
        self._snaps[room_id] = blob
        if self._dir and _ROOM_ID.match(room_id):
            path = os.path.join(self._dir, room_id + ".snap")
            with open(path + ".tmp", "wb") as fh:
                fh.write(blob)
            os.replace(path + ".tmp", path)

    async def load(self, room_id: str) -> bytes | None:
        return self._snaps.get(room_id)

    async def delete(self, room_id: str) -> None:
        self._snaps.pop(room_id, None)
        if self._dir and _ROOM_ID.match(room_id):
            try:
                os.remove(os.path.join(self._dir, room_id + ".snap"))
            except FileNotFoundError:
                pass

    async def ids(self) -> list[str]:
        return list(self._snaps)


class MemoryLobby(LobbyDirectory):
    """Lobby entries in a dict."""

    def __init__(self) -> None:
        self._infos: dict[str, dict] = {}

    async def put(self, room_id: str, info: dict) -> None:
        self._infos[room_id] = info

    async def drop(self, room_id: str) -> None:
        self._infos.pop(room_id, None)

    async def list(self) -> list[dict]:
        return list(self._infos.values())

    async def get(self, room_id: str) -> dict | None:
        return self._infos.get(room_id)
