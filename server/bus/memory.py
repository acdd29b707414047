"""In-memory Bus for a single process: inboxes are bounded asyncio queues, frames are handed to sinks directly.

Snapshots live in a dict; with ``snapshot_dir`` they are also written to ``<dir>/<room_id>.snap`` so a restarted
process can restore its rooms (graceful shutdown, issue item 8).
"""
from __future__ import annotations

import asyncio
import itertools
import os
import re

from . import Bus, BusError, Inbox, Sink

INBOX_SIZE = 1024
_ROOM_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class _QueueInbox(Inbox):
    def __init__(self) -> None:
        self.queue: asyncio.Queue = asyncio.Queue(INBOX_SIZE)

    async def get(self, timeout: float | None) -> dict | None:
        if timeout is None:
            return await self.queue.get()
        if timeout <= 0:
            try:
                return self.queue.get_nowait()
            except asyncio.QueueEmpty:
                return None
        try:
            return await asyncio.wait_for(self.queue.get(), timeout)
        except (asyncio.TimeoutError, TimeoutError):
            return None


class MemoryBus(Bus):
    """Bus inside one process. ``snapshot_dir``: optional directory persisting snapshots across restarts."""

    def __init__(self, snapshot_dir: str | None = None) -> None:
        self._inboxes: dict[str, _QueueInbox] = {}
        self._sinks: dict[str, Sink] = {}
        self._snaps: dict[str, bytes] = {}
        self._infos: dict[str, dict] = {}
        self._waiting: dict[str, asyncio.Future] = {}
        self._ids = itertools.count(1)
        self._dir = snapshot_dir
        self.persistent = bool(snapshot_dir)

    async def start(self) -> None:
        if self._dir:
            os.makedirs(self._dir, exist_ok=True)
            for name in os.listdir(self._dir):
                if name.endswith(".snap") and _ROOM_ID.match(name[:-5]):
                    with open(os.path.join(self._dir, name), "rb") as fh:
                        self._snaps[name[:-5]] = fh.read()

    async def open_inbox(self, room_id: str, restore: bool = False) -> Inbox:
        if room_id in self._inboxes:
            raise BusError("room_exists", f"Room {room_id} already has an owner.")
        inbox = self._inboxes[room_id] = _QueueInbox()
        return inbox

    async def close_inbox(self, room_id: str) -> None:
        self._inboxes.pop(room_id, None)

    async def send(self, room_id: str, msg: dict) -> None:
        inbox = self._inboxes.get(room_id)
        if inbox is None:
            raise BusError("room_not_found", f"There is no room {room_id!r}.")
        try:
            inbox.queue.put_nowait(msg)
        except asyncio.QueueFull:
            raise BusError("room_busy", "The room is overloaded; try again.") from None

    def _reply_key(self) -> str:
        return f"r{next(self._ids)}"

    async def reply(self, reply_to: str, answer: dict) -> None:
        fut = self._waiting.get(reply_to)
        if fut is not None and not fut.done():
            fut.set_result(answer)

    def attach_conn(self, conn_id: str, sink: Sink) -> None:
        self._sinks[conn_id] = sink

    def detach_conn(self, conn_id: str) -> None:
        self._sinks.pop(conn_id, None)

    async def deliver(self, conn_ids: list[str], frame: bytes | None, close: int | None = None, *,
                      room: str | None = None, v: int | None = None, full: bool = False) -> None:
        for cid in conn_ids:
            sink = self._sinks.get(cid)
            if sink is not None:
                sink(frame, close)

    async def save_snapshot(self, room_id: str, blob: bytes) -> None:
        self._snaps[room_id] = blob
        if self._dir and _ROOM_ID.match(room_id):
            path = os.path.join(self._dir, room_id + ".snap")
            with open(path + ".tmp", "wb") as fh:
                fh.write(blob)
            os.replace(path + ".tmp", path)

    async def load_snapshot(self, room_id: str) -> bytes | None:
        return self._snaps.get(room_id)

    async def delete_snapshot(self, room_id: str) -> None:
        self._snaps.pop(room_id, None)
        if self._dir and _ROOM_ID.match(room_id):
            try:
                os.remove(os.path.join(self._dir, room_id + ".snap"))
            except FileNotFoundError:
                pass

    async def snapshot_ids(self) -> list[str]:
        return list(self._snaps)

    async def put_info(self, room_id: str, info: dict) -> None:
        self._infos[room_id] = info

    async def drop_info(self, room_id: str) -> None:
        self._infos.pop(room_id, None)

    async def infos(self) -> list[dict]:
        return list(self._infos.values())

    async def info(self, room_id: str) -> dict | None:
        return self._infos.get(room_id)
