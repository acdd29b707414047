"""The live-room store of the one-process server on the SQL store (issue 19 item 3): it implements the bus's
``RoomStore`` seam (server/bus/interfaces.py) with an append-only log, so a room's every accepted change is
durable before it is acknowledged, and ``kill -9`` followed by a restart with the same data directory resumes every
live game at its last acknowledged version.

A room writes one whole snapshot (``save``: replaces the previous one and drops its log) when it is created, every
``settings.snapshot_every`` changes and at a graceful shutdown; in between, each change is one small log entry
(``append``: the engine actions applied since the last write and the room's own state, server/room.py
``Room.log_entry``). Restoring a room = its snapshot + its entries in order (``load`` + ``load_log``).
Writes are group-committed: the entries and snapshots of every room that commits while a transaction is being
written go into the next one, so under load the cost of a durable commit (an fsync with ``synchronous=FULL``) is shared by all the
rooms that acted meanwhile instead of queueing one transaction per room behind SQLite's single writer. On a SQLite
file the store's own writer does it: with ``synchronous=NORMAL`` (the default) each write commits at once on the
event loop, no fsync on the way (server/store/loop_writer.py); with FULL its writer thread group-commits
(server/store/writer.py, off the event loop); on other stores the flusher task here does.
In Redis mode the Redis room store keeps this role (fenced writes); this one is for the default single process.
"""
from __future__ import annotations

import asyncio

from server.bus.interfaces import BusError, RoomStore

from .base import Store, StoreError
from .writer import settle


class SqlRoomStore(RoomStore):
    """``RoomStore`` over :class:`server.store.Store` (SQLite or PostgreSQL). Store errors become BusError
    ``unavailable`` (the room then answers ``internal_error`` and nothing is acknowledged)."""

    persistent = True
    appends = True

    def __init__(self, store: Store) -> None:
        self.store = store
        self._pending: list[tuple[str, str, int, bytes, asyncio.Future]] = []   # (kind, room, seq, data, done)
        self._flusher: asyncio.Task | None = None
        self._batches = 0           # group-commit transactions written by the flusher (``_batched`` writes in all)
        self._batched = 0

    @property
    def batches(self) -> int:
        """Group-commit transactions written so far (by the flusher, or by a store that group-commits itself)."""
        return self._batches + self._store_counts()[0]

    @property
    def batched(self) -> int:
        """Writes those transactions carried."""
        return self._batched + self._store_counts()[1]

    def _store_counts(self) -> tuple[int, int]:
        return getattr(self.store, "live_transactions", (0, 0)) if self._direct() else (0, 0)

    def _direct(self) -> bool:
        return bool(getattr(self.store, "group_commits", False))

    async def _call(self, fn, *args):
        try:
            return await fn(*args)
        except StoreError as e:
            raise BusError("unavailable", e.message) from None
        except Exception as e:       # the database is unreachable or failed: nothing was acknowledged
            raise BusError("unavailable", f"The database failed: {type(e).__name__}.") from None

    async def save(self, room_id: str, blob: bytes) -> None:
        """Durable when it returns; group-committed like :meth:`append`. Raises BusError ``unavailable``."""
        await self._queue("save", room_id, 0, blob)

    async def append(self, room_id: str, seq: int, entry: bytes, carry=None) -> None:
        """Durable when it returns: the entry is written by the group commit (:meth:`_flush`) in one transaction
        with every other room's write that arrived meanwhile. Raises BusError ``unavailable``."""
        await self._queue("append", room_id, seq, entry)

    async def _queue(self, kind: str, room_id: str, seq: int, data: bytes) -> None:
        if self._direct():          # file SQLite: the store's writer thread group-commits (server/store/writer.py)
            await self._call(self.store.write_rooms, [(kind, room_id, seq, data)])
            return
        fut = asyncio.get_running_loop().create_future()
        self._pending.append((kind, room_id, seq, data, fut))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.get_running_loop().create_task(self._flush())
        await fut

    async def _flush(self) -> None:
        """The group commit: while writes are pending, write all of them in one transaction (one fsync for the
        batch, however many rooms committed while the previous batch was being written; the only writer, so
        whole snapshots and entries never wait on each other's locks); a failed batch is retried write by write,
        so one bad entry fails only its own room. A room has at most one write pending (it awaits each)."""
        while self._pending:
            batch, self._pending = self._pending, []
            self._batches += 1
            self._batched += len(batch)
            try:
                await self._call(self.store.write_rooms, [w[:4] for w in batch])
                errors = [None] * len(batch)
            except BusError as e:
                if len(batch) == 1:
                    errors = [e]
                else:
                    errors = []
                    for w in batch:
                        try:
                            await self._call(self.store.write_rooms, [w[:4]])
                            errors.append(None)
                        except BusError as one:
                            errors.append(one)
            settle([(w[4], (None, err)) for w, err in zip(batch, errors)])

    async def load(self, room_id: str) -> bytes | None:
        got = await self._call(self.store.load_room, room_id)
        return None if got is None else got[0]

    async def load_log(self, room_id: str) -> list[bytes]:
        got = await self._call(self.store.load_room, room_id)
        return [] if got is None else got[1]

    async def load_many(self, room_ids: list[str]) -> dict[str, tuple[bytes, list[bytes]]]:
        """The snapshots and logs of ``room_ids`` in two queries per :data:`server.store.sql.ROOMS_PER_READ` rooms
        (instead of two per room; docs/performance.md "Start-up with many stored rooms")."""
        return await self._call(self.store.load_rooms, list(room_ids))

    async def delete(self, room_id: str) -> None:
        await self._call(self.store.delete_room, room_id)

    async def ids(self) -> list[str]:
        return await self._call(self.store.room_ids)
