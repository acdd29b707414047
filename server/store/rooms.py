"""The live-room store of the one-process server on the SQL store: it implements the bus's
``RoomStore`` seam (server/bus/interfaces.py) with an append-only log, so a room's every accepted change is
durable before it is acknowledged, and ``kill -9`` followed by a restart with the same data directory resumes every
live game at its last acknowledged version.

A room writes one whole snapshot (``save``: replaces the previous one and drops its log) when it is created, every
``settings.snapshot_every`` changes and at a graceful shutdown; in between, each change is one small log entry
(``append``: the engine actions applied since the last write and the room's own state, server/room/persistence.py
``Persistence.log_entry``). Restoring a room = its snapshot + its entries in order (``load`` + ``load_log``).
Every write goes the one way: ``Store.write_rooms`` -> the store's live-room writer -> the one write function
(server/store/live.py). The writer group-commits: the entries and snapshots of every room that commits while a
transaction is being written go into the next one, so under load the cost of a durable commit (an fsync with
``synchronous=FULL``) is shared by all the rooms that acted meanwhile; with ``synchronous=NORMAL`` (the default) a
SQLite write commits at once on the event loop, no fsync on the way (server/store/loop_writer.py).
In Redis mode the Redis room store keeps this role (fenced writes); this one is for the default single process.
"""
from __future__ import annotations

from server.bus.interfaces import BusError, RoomStore

from .base import Store, StoreError


class SqlRoomStore(RoomStore):
    """``RoomStore`` over :class:`server.store.Store` (SQLite or PostgreSQL). Store errors become BusError
    ``unavailable`` (the room then holds the change unacknowledged and retries it: server/store_outage.py)."""

    persistent = True
    appends = True

    def __init__(self, store: Store) -> None:
        self.store = store

    @property
    def batches(self) -> int:
        """Group-commit transactions the store's live-room writer has written so far."""
        return self.store.live_transactions[0]

    @property
    def batched(self) -> int:
        """Writes those transactions carried."""
        return self.store.live_transactions[1]

    async def _call(self, fn, *args):
        try:
            return await fn(*args)
        except StoreError as e:
            raise BusError("unavailable", e.message) from None
        except Exception as e:       # the database is unreachable or failed: nothing was acknowledged
            raise BusError("unavailable", f"The database failed: {type(e).__name__}.") from None

    async def save(self, room_id: str, blob: bytes) -> None:
        """Durable when it returns; group-committed like :meth:`append`. Raises BusError ``unavailable``."""
        await self._call(self.store.write_rooms, [("save", room_id, 0, blob)])

    async def append(self, room_id: str, seq: int, entry: bytes, carry=None) -> None:
        """Durable when it returns: the entry is written by the store's group commit, in one transaction with every
        other room's write that arrived meanwhile. Raises BusError ``unavailable``."""
        await self._call(self.store.write_rooms, [("append", room_id, seq, entry)])

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
