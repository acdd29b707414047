"""The Redis room store: ``bz:{R}:snap`` written only through the owner's fenced ``WRITE`` (server/bus/redis/
mailbox.py), so a process that lost a room's lease can never overwrite what the new owner stored."""
from __future__ import annotations

from ..interfaces import BusError, RoomStore
from . import keys as K
from .link import ERRORS, RedisLink
from .mailbox import RedisMailbox


class RedisRoomStore(RoomStore):
    """Snapshots in Redis (they outlive every process: ``persistent``); ``mailbox`` holds the leases."""

    persistent = True

    def __init__(self, link: RedisLink, mailbox: RedisMailbox) -> None:
        self.link, self.mailbox = link, mailbox

    async def save(self, room_id: str, blob: bytes) -> None:
        """Fenced write of the snapshot; waits while Redis is down; raises BusError("fenced")."""
        await self.mailbox.fenced_write(room_id, "set", K.snap(room_id), blob)

    async def load(self, room_id: str) -> bytes | None:
        try:
            return await self.link.r.get(K.snap(room_id))
        except ERRORS as e:
            self.link.down(e)
            raise BusError("unavailable", "Redis is unreachable.") from None

    async def delete(self, room_id: str) -> None:
        await self.mailbox.fenced_write(room_id, "del", K.snap(room_id))
        try:
            await self.link.r.srem(K.ROOMS, room_id)
        except ERRORS as e:
            self.link.down(e)

    async def ids(self) -> list[str]:
        try:
            return [i.decode() for i in await self.link.r.smembers(K.ROOMS)]
        except ERRORS as e:
            self.link.down(e)
            raise BusError("unavailable", "Redis is unreachable.") from None
