"""The Redis lobby directory: ``bz:{R}:info`` (JSON, fenced writes of the owner) and the set ``bz:rooms``.

Entries are written by one flusher task per process: every entry changed since its last round trip goes in one
pipeline of fenced ``WRITE`` scripts (the entry changes with every action, for its ``v``). A
change of the version alone is not waited for (the room goes on at once; the entry follows within a round trip);
any other change (seats, status, names, spectators) is waited for, as before, so that whoever reads the lobby after
an answer sees it. Flushes run one after another, so a room's entries reach Redis in the order they were put, and
``drop`` waits for the flush in flight before deleting.
"""
from __future__ import annotations

import asyncio
import json
import time

from ..interfaces import BusError, LobbyDirectory
from . import keys as K
from .link import ERRORS, RedisLink
from .mailbox import RedisMailbox

VOLATILE = frozenset({"v"})      # entry fields whose change alone is written without waiting


def only_volatile(old: dict, new: dict) -> bool:
    """True when ``new`` differs from ``old`` only in :data:`VOLATILE` fields."""
    return old.keys() == new.keys() and all(old[k] == new[k] for k in old if k not in VOLATILE)


class RedisLobby(LobbyDirectory):
    """Lobby entries in Redis; an owner skips writing an entry equal to the last one it put, and adds the room to
    the room set only with its first entry."""

    def __init__(self, link: RedisLink, mailbox: RedisMailbox) -> None:
        self.link, self.mailbox = link, mailbox
        self._written: dict[str, dict] = {}       # last entry put per owned room (written or queued)
        self._pending: dict[str, tuple[dict, bool]] = {}     # room -> (entry, first entry of this owner)
        self._waiters: dict[str, list[asyncio.Future]] = {}
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task | None = None
        self._flushing: asyncio.Future | None = None        # done when the flush in flight ended
        self._idle = asyncio.Event()                        # set while nothing is pending or in flight
        self._idle.set()
        mailbox.on_forget.append(lambda room_id: self._written.pop(room_id, None))

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.wait([self._task], timeout=1.0)
            self._task = None
        for futs in self._waiters.values():
            for f in futs:
                if not f.done():
                    f.set_result(None)
        self._waiters.clear()

    async def put(self, room_id: str, info: dict) -> None:
        """Fenced write of the entry (skipped when unchanged; dropped while Redis is down), batched with every
        other room's by the flusher; waits for it unless only the version changed. Raises BusError("fenced")."""
        last = self._written.get(room_id)
        if last == info:
            return
        own = self.mailbox.owned.get(room_id)
        if own is None or own.fenced:
            raise BusError("fenced", f"This process does not own room {room_id}.")
        first = last is None or self._pending.get(room_id, (None, False))[1]
        self._written[room_id] = info
        self._pending[room_id] = (info, first)
        fut = None
        if last is None or not only_volatile(last, info):
            fut = asyncio.get_running_loop().create_future()
            self._waiters.setdefault(room_id, []).append(fut)
        if self._task is None or self._task.done():
            self._wake = asyncio.Event()
            self._task = asyncio.get_running_loop().create_task(self._flusher(), name="redis-lobby")
        self._idle.clear()
        self._wake.set()
        if fut is not None:
            await fut

    async def written(self) -> None:
        """Wait until every entry put so far was written (or dropped: Redis down, room fenced)."""
        await self._idle.wait()

    async def _flusher(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._pending:
                batch, self._pending = self._pending, {}
                waiters = {r: self._waiters.pop(r) for r in batch if r in self._waiters}
                self._flushing = asyncio.get_running_loop().create_future()
                try:
                    await self._flush(batch, waiters)
                except asyncio.CancelledError:
                    raise
                except Exception as e:       # never leave a waiter hanging
                    for futs in waiters.values():
                        for f in futs:
                            if not f.done():
                                f.set_exception(e)
                finally:
                    self._flushing.set_result(None)
                    self._flushing = None
            self._idle.set()

    async def _flush(self, batch: dict[str, tuple[dict, bool]], waiters: dict[str, list]) -> None:
        """One pipelined round trip: a fenced ``WRITE`` of each entry (and ``SADD`` for first ones); answers the
        waiters (BusError("fenced") for a room whose lease is gone; nothing for an entry dropped because Redis is
        down: the next put writes it again)."""
        link, mb = self.link, self.mailbox
        rows, gone = [], []
        for room_id, (info, first) in batch.items():
            own = mb.owned.get(room_id)
            if own is None or own.fenced:
                gone.append(room_id)
            else:
                rows.append((room_id, own, info, first))
        results: list = []
        started = time.monotonic()
        if rows:
            try:
                results = await link.run_scripts(link.r, [
                    (mb._write, [K.lease(room_id), K.epoch(room_id), K.snap(room_id), K.info(room_id)],
                     [own.token, own.epoch, link.lease_ms, "set", json.dumps(info).encode(), link.key_ttl_ms])
                    for room_id, own, info, first in rows])
                firsts = [room_id for room_id, own, info, first in rows if first]
                if firsts:      # the room set needs the id once per owner (and again after Redis lost its data)
                    await link.r.sadd(K.ROOMS, *firsts)
            except ERRORS as e:
                link.down(e)
                results = None
        it = iter(results or ())
        for room_id, own, info, first in rows:
            res = next(it, None)
            ok = True
            if results is None or isinstance(res, Exception) or res is None:
                if isinstance(res, Exception):
                    link.down(res)
                if self._written.get(room_id) is info:
                    self._written.pop(room_id, None)      # not written: the next put writes it again
            elif not mb._written(room_id, own, int(res), started):
                ok = False
            for f in waiters.get(room_id, ()):
                if not f.done():
                    if ok:
                        f.set_result(None)
                    else:
                        f.set_exception(BusError("fenced", f"Another process owns room {room_id} now."))
        for room_id in gone:
            for f in waiters.get(room_id, ()):
                if not f.done():
                    f.set_exception(BusError("fenced", f"This process does not own room {room_id}."))

    async def drop(self, room_id: str) -> None:
        self._written.pop(room_id, None)
        self._pending.pop(room_id, None)
        for f in self._waiters.pop(room_id, ()):
            if not f.done():
                f.set_result(None)
        if self._flushing is not None:
            await asyncio.shield(self._flushing)      # an entry in flight lands before the deletion
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
