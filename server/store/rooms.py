"""The live-room store of the one-process server on the SQL store (issue 19 item 3): it implements the bus's
``RoomStore`` seam (server/bus/interfaces.py) with an append-only log, so a room's every accepted change is
durable before it is acknowledged, and ``kill -9`` followed by a restart with the same data directory resumes every
live game at its last acknowledged version.

A room writes one whole snapshot (``save``: replaces the previous one and drops its log) when it is created, every
``settings.snapshot_every`` changes and at a graceful shutdown; in between, each change is one small log entry
(``append``: the engine actions applied since the last write and the room's own state, server/room.py
``Room.log_entry``). Restoring a room = its snapshot + its entries in order (``load`` + ``load_log``).
In Redis mode the Redis room store keeps this role (fenced writes); this one is for the default single process.
"""
from __future__ import annotations

from server.bus.interfaces import BusError, RoomStore

from . import Store, StoreError


class SqlRoomStore(RoomStore):
    """``RoomStore`` over :class:`server.store.Store` (SQLite or PostgreSQL). Store errors become BusError
    ``unavailable`` (the room then answers ``internal_error`` and nothing is acknowledged)."""

    persistent = True
    appends = True

    def __init__(self, store: Store) -> None:
        self.store = store

    async def _call(self, fn, *args):
        try:
            return await fn(*args)
        except StoreError as e:
            raise BusError("unavailable", e.message) from None
        except Exception as e:       # the database is unreachable or failed: nothing was acknowledged
            raise BusError("unavailable", f"The database failed: {type(e).__name__}.") from None

    async def save(self, room_id: str, blob: bytes) -> None:
        await self._call(self.store.save_room, room_id, blob)

    async def append(self, room_id: str, seq: int, entry: bytes) -> None:
        await self._call(self.store.append_room_log, room_id, seq, entry)

    async def load(self, room_id: str) -> bytes | None:
        got = await self._call(self.store.load_room, room_id)
        return None if got is None else got[0]

    async def load_log(self, room_id: str) -> list[bytes]:
        got = await self._call(self.store.load_room, room_id)
        return [] if got is None else got[1]

    async def delete(self, room_id: str) -> None:
        await self._call(self.store.delete_room, room_id)

    async def ids(self) -> list[str]:
        return await self._call(self.store.room_ids)
