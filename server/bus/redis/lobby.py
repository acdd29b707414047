"""The Redis lobby directory: ``bz:{R}:info`` (JSON, fenced writes of the owner) and the set ``bz:rooms``."""
from __future__ import annotations

import json

from ..interfaces import BusError, LobbyDirectory
from . import keys as K
from .link import ERRORS, RedisLink
from .mailbox import RedisMailbox


class RedisLobby(LobbyDirectory):
    """Lobby entries in Redis; an owner skips writing an entry equal to the last one it wrote, and adds the room to
    the room set only with its first entry."""

    def __init__(self, link: RedisLink, mailbox: RedisMailbox) -> None:
        self.link, self.mailbox = link, mailbox
        self._written: dict[str, dict] = {}       # last entry written per owned room
        mailbox.on_forget.append(lambda room_id: self._written.pop(room_id, None))

    async def put(self, room_id: str, info: dict) -> None:
        """Fenced write of the entry (skipped when unchanged; dropped while Redis is down). Raises
        BusError("fenced")."""
        last = self._written.get(room_id)
        if last == info:
            return
        try:
            await self.mailbox.fenced_write(room_id, "set", K.info(room_id), json.dumps(info).encode(), retry=False)
            if last is None:       # the room set needs the id once per owner (and again after Redis lost its data)
                await self.link.r.sadd(K.ROOMS, room_id)
        except BusError as e:
            if e.code == "fenced":
                raise
            return
        except ERRORS as e:
            self.link.down(e)
            return
        self._written[room_id] = info

    async def drop(self, room_id: str) -> None:
        self._written.pop(room_id, None)
        await self.mailbox.fenced_write(room_id, "del", K.info(room_id))
        try:
            await self.link.r.srem(K.ROOMS, room_id)
        except ERRORS as e:
            self.link.down(e)

    async def list(self) -> list[dict]:
        """Every entry; raises BusError("unavailable") while Redis is down."""
        try:
            ids = await self.link.r.smembers(K.ROOMS)
            raw = await self.link.r.mget([K.info(i.decode()) for i in ids]) if ids else []
        except ERRORS as e:
            self.link.down(e)
            raise BusError("unavailable", "The room list is unavailable for a moment; try again.") from None
        return [json.loads(x) for x in raw if x is not None]

    async def get(self, room_id: str) -> dict | None:
        """One entry or None; raises BusError("unavailable") while Redis is down."""
        try:
            raw = await self.link.r.get(K.info(room_id))
        except ERRORS as e:
            self.link.down(e)
            raise BusError("unavailable", "The room is unavailable for a moment; try again.") from None
        return None if raw is None else json.loads(raw)
