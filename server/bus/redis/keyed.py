"""Keyed records in Redis, shared by every process (server/idempotency.py: the answers of requests repeated with an
``Idempotency-Key``). One record is one string key ``bz:keyed:<slot>`` (``slot``: a digest of the requester and
the key) holding a JSON object, written with an expiry; no lease or fence: a record belongs to no room."""
from __future__ import annotations

import json

from ..interfaces import BusError
from .link import ERRORS, RedisLink

PREFIX = "bz:keyed:"


class RedisKeyedRecords:
    """``claim`` / ``keep`` / ``drop`` of server/idempotency.py ``KeyedRecords`` over Redis (``SET NX PX``).
    Every method raises ``BusError("unavailable")`` while Redis cannot be reached."""

    def __init__(self, link: RedisLink) -> None:
        self.link = link

    async def claim(self, slot: str, record: dict, ttl: float) -> dict | None:
        """Store ``record`` for ``ttl`` seconds unless ``slot`` holds one: None when stored, else the record held
        (``{}`` when it expired between the two steps)."""
        try:
            if await self.link.r.set(PREFIX + slot, json.dumps(record), nx=True, px=max(1, int(ttl * 1000))):
                return None
            raw = await self.link.r.get(PREFIX + slot)
        except ERRORS as e:
            self.link.down(e)
            raise BusError("unavailable", "The request cannot be checked for a moment; try again.") from None
        return {} if raw is None else json.loads(raw)

    async def keep(self, slot: str, record: dict, ttl: float) -> None:
        """Replace ``slot``'s record with ``record`` for ``ttl`` seconds."""
        try:
            await self.link.r.set(PREFIX + slot, json.dumps(record), px=max(1, int(ttl * 1000)))
        except ERRORS as e:
            self.link.down(e)
            raise BusError("unavailable", "The answer cannot be kept for a moment.") from None

    async def drop(self, slot: str) -> None:
        """Forget ``slot``'s record."""
        try:
            await self.link.r.delete(PREFIX + slot)
        except ERRORS as e:
            self.link.down(e)
            raise BusError("unavailable", "The record cannot be dropped for a moment.") from None
