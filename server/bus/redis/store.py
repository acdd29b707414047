"""The Redis room store: an append-only log per room (a Redis stream) on top of its last whole snapshot.

A room writes a whole snapshot (``bz:{R}:snap``, ``save``) when it is created, every ``settings.snapshot_every``
changes, after Redis lost its data and at a graceful shutdown; in between, each change is one small entry appended
to the stream ``bz:{R}:log`` (``append``: the engine actions since the last write and the room's own state,
server/room/persistence.py ``log_entry``), a few hundred bytes instead of a 5-30 KiB snapshot. Restoring a
room (a takeover after the owner died, a relay's resync) = the snapshot + the stream's entries in order (``load``
+ ``load_log``, or :meth:`RedisRoomStore.current` in one round trip).

Every write goes through a fenced script (server/bus/redis/keys.py ``APPEND`` / ``SAVE``) that checks the owner's
lease in the same atomic step, so a process that lost a room's lease can never write after the new owner; a whole
snapshot drops the stream in the same step. An append is acknowledged (the room broadcasts the change) only after
Redis answered, so ``kill -9`` of the owner loses nothing acknowledged. A retried append (the answer was lost, the
entry may be in the stream already) carries the same commit number ``s``; :meth:`load_log` keeps the last entry of
each number (it holds every action of the earlier one).
"""
from __future__ import annotations

from ..interfaces import BusError, Carry, RoomStore
from . import keys as K
from .link import ERRORS, RedisLink
from .mailbox import RedisMailbox

LOAD_BATCH = 100         # rooms read per pipelined round trip by load_many


class RedisRoomStore(RoomStore):
    """Snapshots and change logs in Redis (they outlive every process: ``persistent``); ``mailbox`` holds the
    leases that fence every write."""

    persistent = True
    appends = True

    def __init__(self, link: RedisLink, mailbox: RedisMailbox) -> None:
        self.link, self.mailbox = link, mailbox

    async def start(self) -> None:
        self._append = self.link.r.register_script(K.APPEND)
        self._save = self.link.r.register_script(K.SAVE)
        self._read = self.link.r.register_script(K.READ)

    async def _fenced(self, room_id: str, script, extra: list, retry: bool = True) -> int:
        """Run one fenced script for an owned room (KEYS lease, epoch, snap, log; ARGV token, epoch, lease ms,
        ``extra``..., key ttl ms), waiting (backing off) while Redis is unreachable. Returns the script's answer
        (0 fences the room and raises BusError("fenced"))."""
        mailbox, link = self.mailbox, self.link
        own = mailbox.owned.get(room_id)
        if own is None or own.fenced:
            raise BusError("fenced", f"This process does not own room {room_id}.")
        res, started = await mailbox.retrying(room_id, own, lambda: script(
            keys=[K.lease(room_id), K.epoch(room_id), K.snap(room_id), K.log(room_id)],
            args=[own.token, own.epoch, link.lease_ms, *extra, link.key_ttl_ms]), retry)
        if res == 3:
            own.confirmed = max(own.confirmed, started)
            return res
        if not mailbox._written(room_id, own, res, started):
            raise BusError("fenced", f"Another process owns room {room_id} now.")
        return res

    async def append(self, room_id: str, seq: int, entry: bytes, carry: Carry | None = None) -> None:
        """Fenced append of one change to the room's stream; waits while Redis is down. ``carry``: the change's
        frames for other processes (fanout.py ``carry``), published by the same script once the entry is written
        (``carry.received`` then holds how many subscribers got each); only the first attempt carries them (a
        retry after a lost answer must not publish them twice: they go through the outbox then). Raises BusError
        ``fenced``, or ``snapshot_needed`` when Redis holds no snapshot of the room (it lost its data): nothing was
        written, the room must ``save`` a whole snapshot instead."""
        script = self._append
        if carry is not None and carry.args:
            first = [True]

            async def script(keys, args):
                if not first[0]:
                    return await self._append(keys=keys, args=args)
                first[0] = False
                got = await self._append(keys=keys, args=[*args, *carry.args])
                if isinstance(got, list):
                    carry.received = [int(n) for n in got[1:]]
                    return got[0]
                return got
        if await self._fenced(room_id, script, [seq, entry]) == 3:
            raise BusError("snapshot_needed", f"Redis holds no snapshot of room {room_id}; store a whole one.")

    async def save(self, room_id: str, blob: bytes) -> None:
        """Fenced write of the whole snapshot, dropping the room's stream; waits while Redis is down; raises
        BusError("fenced")."""
        await self._fenced(room_id, self._save, ["set", blob])

    async def load(self, room_id: str) -> bytes | None:
        """The room's last whole snapshot, or None. Raises BusError ``unavailable``."""
        try:
            return await self.link.r.get(K.snap(room_id))
        except ERRORS as e:
            self.link.down(e)
            raise BusError("unavailable", "Redis is unreachable.") from None

    async def load_log(self, room_id: str) -> list[bytes]:
        """The entries appended since the room's snapshot, in order (the last of each commit number). Raises
        BusError ``unavailable``."""
        try:
            return entries_of(await self.link.r.xrange(K.log(room_id)))
        except ERRORS as e:
            self.link.down(e)
            raise BusError("unavailable", "Redis is unreachable.") from None

    async def current(self, room_ids: list[str]) -> list[tuple[bytes | None, list[bytes]]]:
        """``(snapshot or None, entries since it)`` of each room, read in one pipelined round trip (each pair
        read atomically: a whole snapshot that drops the stream cannot fall between them). Raises RedisError /
        OSError."""
        if not room_ids:
            return []
        async with self.link.r.pipeline(transaction=False) as pipe:
            for room_id in room_ids:
                await self._read(keys=[K.snap(room_id), K.log(room_id)], client=pipe)
            got = await pipe.execute()
        return [(snap or None, entries_of(stream)) for snap, stream in got]

    async def load_many(self, room_ids: list[str]) -> dict[str, tuple[bytes, list[bytes]]]:
        """The snapshots and logs of ``room_ids`` (those with a snapshot) in one pipelined round trip per
        ``LOAD_BATCH`` rooms (:meth:`current`). Raises BusError ``unavailable``."""
        out = {}
        try:
            for i in range(0, len(room_ids), LOAD_BATCH):
                chunk = room_ids[i:i + LOAD_BATCH]
                for room_id, (snap, entries) in zip(chunk, await self.current(chunk)):
                    if snap is not None:
                        out[room_id] = (snap, entries)
        except ERRORS as e:
            self.link.down(e)
            raise BusError("unavailable", "Redis is unreachable.") from None
        return out

    async def delete(self, room_id: str) -> None:
        await self._fenced(room_id, self._save, ["del", b""])
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


def entries_of(stream: list) -> list[bytes]:
    """The entries of an ``XRANGE`` answer (``[(id, {b"s": seq, b"e": entry})]``, or the flat field lists
    ``[id, [b"s", seq, b"e", entry]]`` a script returns) in commit order, keeping the last entry of each commit
    number (a retried append repeats its number with at least the same actions)."""
    by_seq: dict[int, bytes] = {}
    for _id, fields in stream or ():
        if not isinstance(fields, dict):
            fields = dict(zip(fields[::2], fields[1::2]))
        by_seq[int(fields[b"s"])] = fields[b"e"]
    return [by_seq[s] for s in sorted(by_seq)]
