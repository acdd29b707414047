"""The Redis fan-out: frames to local sinks directly, to other processes' connections over ``bz:proc:{P}``, and the
relay side of it (docs/scaling.md "Relays").

The owner sends each frame for a connection of another process to that process's channel with the room version it
carries, through that process's :class:`~server.bus.redis.outbox.Outbox` (in order, retried while nobody receives
it); that process (the relay) filters it per connection (relay.py) and resyncs the connection from the stored
snapshot (and the log entries written after it: store.py) when it sees a gap. After its pub/sub connection came back, a relay compares each relayed connection's last
version with the stored snapshot's and resyncs only the connections that really missed a version: at most one
resync per connection and outage. The watchdog job :meth:`follow_owners` adopts relayed rooms whose owner is gone
and re-attaches local connections to a new owner.
"""
from __future__ import annotations

import asyncio
import logging
import time

from .. import messages as m
from ..interfaces import BusError, FanOut, Sink
from . import keys as K
from .link import BACKOFF_MAX, ERRORS, RedisLink
from .mailbox import Owned, RedisMailbox
from .outbox import Outbox
from .relay import DROP, GAP, PASS, RelayConn

log = logging.getLogger("server.bus.redis")
RECHECK_DELAY = 0.3      # s after a reconnect before relays compare versions (owners' outboxes deliver first)
IN_FLIGHT = 1.0          # s a relayed connection behind the stored version gets to catch up before it is resynced


class RedisFanOut(FanOut):
    """Frames over one :class:`RedisLink`; ``mailbox``: the Redis mailbox of the same process (owned rooms, the
    inbox channel for re-attaches)."""

    def __init__(self, link: RedisLink, mailbox: RedisMailbox) -> None:
        self.link, self.mailbox = link, mailbox
        self._sinks: dict[str, Sink] = {}
        self._relay: dict[str, RelayConn] = {}
        self._outboxes: dict[str, Outbox] = {}
        self._tasks: set[asyncio.Task] = set()
        self.snapshot_sync = None        # bind: (blob, token, entries) -> [(frame, v, full)] | None
        self.snapshot_version = None     # bind: (blob, entries) -> room version stored in them
        #: async [room id] -> [(snapshot or None, log entries since it)]: the rooms' stored state (store.py)
        self.read_rooms = None
        link.on_proc["f"] = self._on_frames
        link.on_reconnect.append(self._reconnected)
        link.periodic.append(self.follow_owners)
        link.metrics.append(self._metric_lines)
        mailbox.on_send = self._on_send
        mailbox.on_adopted = self._on_adopted

    def _metric_lines(self) -> list[str]:
        relayed = {c.room for c in self._relay.values()} - set(self.mailbox.owned)
        return ["# HELP berserk_rooms_relayed Rooms with local connections owned by another process.",
                "# TYPE berserk_rooms_relayed gauge", f"berserk_rooms_relayed {len(relayed)}"]

    # -- mailbox hooks -----------------------------------------------------------------------------------------
    def _on_send(self, room_id: str, msg) -> None:
        """Follow local connections: an attach makes the connection relayed (re-sent when the owner changes)."""
        if isinstance(msg, m.Attach):
            self._relay[msg.conn] = RelayConn(room_id, msg)
        elif isinstance(msg, m.Detach):
            self._relay.pop(msg.conn, None)

    def _on_adopted(self, room_id: str, own: Owned) -> None:
        """This process took the room over: its local connections attach to it (they get a full sync)."""
        for rc in self._relay.values():
            if rc.room == room_id:
                rc.confirmed, rc.sent_at, rc.owner = False, time.monotonic(), own.token
                own.inbox.notify(rc.attach)

    async def close(self) -> None:
        tasks = [box.task for box in self._outboxes.values()] + list(self._tasks)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _reconnected(self) -> None:
        self._spawn(self.check_relays(RECHECK_DELAY))

    async def check_relays(self, delay: float = 0.0, rounds: int = 20) -> int:
        """Resync every relayed connection whose last version is older than its room's stored snapshot (it missed
        a frame while pub/sub was down); the others are left alone. A room without a stored snapshot (Redis came
        back empty; its owner stores it again) is looked at again ``delay`` s later, ``rounds`` times, then its
        owner is asked for a sync. Returns how many resyncs were started. A Redis error ends the check (the next
        reconnect runs it again)."""
        started = 0
        rooms: dict[str, list[tuple[str, RelayConn]]] | None = None
        for attempt in range(rounds):
            if delay:
                await asyncio.sleep(delay)
            if rooms is None:
                rooms = {}
                for cid, rc in self._relay.items():
                    if rc.room not in self.mailbox.owned:
                        rooms.setdefault(rc.room, []).append((cid, rc))
            if not rooms:
                break
            ids = list(rooms)
            try:
                stored_rooms = await self.read_rooms(ids)
            except ERRORS as e:
                self.link.down(e)
                break
            missing, behind = {}, []
            for room_id, (blob, entries) in zip(ids, stored_rooms):
                stored = self._version(blob, entries)
                for cid, rc in rooms[room_id]:
                    if self._relay.get(cid) is not rc:
                        continue
                    if stored is None:
                        missing.setdefault(room_id, []).append((cid, rc))
                    elif rc.last is None or rc.last < stored:
                        behind.append((cid, rc, stored))
            if behind:     # frames in flight (or retried by the owner's outbox) arrive within moments: wait for them
                await asyncio.sleep(IN_FLIGHT)
                for cid, rc, stored in behind:
                    if self._relay.get(cid) is rc and (rc.last is None or rc.last < stored):
                        self._start_resync(cid, rc)
                        started += 1
            rooms = missing
            delay = delay or 0.5
        for conns in (rooms or {}).values():
            for cid, rc in conns:
                self._start_resync(cid, rc)     # no snapshot: _resync asks the owner
                started += 1
        return started

    def _version(self, blob: bytes | None, entries: list[bytes]) -> int | None:
        if blob is None or self.snapshot_version is None:
            return None
        try:
            return self.snapshot_version(blob, entries)
        except Exception:
            log.exception("cannot read the version of a stored snapshot")
            return None

    # -- frames ------------------------------------------------------------------------------------------------
    def attach_conn(self, conn_id: str, sink: Sink) -> None:
        self._sinks[conn_id] = sink

    def detach_conn(self, conn_id: str) -> None:
        self._sinks.pop(conn_id, None)
        self._relay.pop(conn_id, None)

    async def deliver(self, conn_ids: list[str], frame: bytes | None, close: int | None = None, *,
                      room: str | None = None, v: int | None = None, full: bool = False) -> None:
        remote: dict[str, list[str]] = {}
        me = self.link.process_id
        for cid in conn_ids:
            pid = cid.split(":", 1)[0]
            if pid == me:
                sink = self._sinks.get(cid)
                if sink is not None:
                    sink(frame, close)
            else:
                remote.setdefault(pid, []).append(cid)
        if not remote:
            return
        own = self.mailbox.owned.get(room) if room is not None else None
        for pid, cids in remote.items():
            box = self._outboxes.get(pid)
            if box is None:
                box = self._outboxes[pid] = Outbox(self.link, pid, self._outbox_ended)
            box.put({"k": "f", "room": room, "c": cids, "f": frame, "x": close, "v": v, "full": full,
                     "o": own.token if own else None})

    def _outbox_ended(self, box: Outbox) -> None:
        if self._outboxes.get(box.pid) is box:
            del self._outboxes[box.pid]

    def _on_frames(self, msg: dict) -> None:
        for cid in msg["c"]:
            sink = self._sinks.get(cid)
            if sink is None:
                continue
            rc = self._relay.get(cid)
            if rc is None:
                sink(msg["f"], msg["x"])
                continue
            rc.confirmed = True
            if msg.get("o"):
                rc.owner = msg["o"]
            if (rc.resyncing or rc.waiting) and msg["v"] is not None:
                rc.held.append(msg)
                if rc.waiting and not rc.resyncing:
                    self._flush_held(cid, rc, sink)
                continue
            self._relay_one(cid, rc, sink, msg)

    def _relay_one(self, cid: str, rc: RelayConn, sink: Sink, msg: dict) -> None:
        verdict = rc.check(msg["v"], msg["full"]) if msg["f"] is not None else PASS
        if verdict == PASS:
            sink(msg["f"], msg["x"])
        elif verdict == GAP:      # hold it: the missing frame may only be late (IN_FLIGHT s), else resync
            self.link.stats["relay_gaps"] += 1
            rc.held.append(msg)
            if not rc.waiting:
                rc.waiting = True
                asyncio.get_running_loop().call_later(IN_FLIGHT, self._gap_expired, cid, rc)
        elif verdict == DROP and msg["x"] is not None:
            sink(None, msg["x"])

    def _flush_held(self, cid: str, rc: RelayConn, sink: Sink) -> None:
        """Deliver the held frames that now follow in order; stop waiting once none is held any more."""
        rc.held.sort(key=lambda m: m["v"])
        while rc.held:
            msg = rc.held[0]
            if not msg["full"] and (rc.last is None or msg["v"] > rc.last + 1):
                return               # still a hole before it
            rc.held.pop(0)
            self._relay_one(cid, rc, sink, msg)
        rc.waiting = False

    def _gap_expired(self, cid: str, rc: RelayConn) -> None:
        if rc.waiting and self._relay.get(cid) is rc:
            rc.waiting = False
            self._start_resync(cid, rc)       # the frames still held are replayed after the resync

    def _start_resync(self, cid: str, rc: RelayConn) -> None:
        if not rc.resyncing:
            rc.resyncing = True
            asyncio.get_running_loop().create_task(self._resync(cid, rc))

    async def _resync(self, cid: str, rc: RelayConn) -> None:
        """Give one relayed connection a full sync built from the stored snapshot (never older than any frame
        broadcast), then the frames held meanwhile that are newer."""
        link = self.link
        try:
            for attempt in range(50):
                try:
                    blob, entries = (await self.read_rooms([rc.room]))[0]
                    break
                except ERRORS as e:
                    link.down(e)
                    await asyncio.sleep(min(BACKOFF_MAX, 0.1 * 2 ** attempt))
            else:
                return
            sink = self._sinks.get(cid)
            if sink is None or self._relay.get(cid) is not rc:
                return
            frames = None
            if blob and self.snapshot_sync:     # restores the room (its journal replays the game): off the loop
                frames = await asyncio.to_thread(self.snapshot_sync, blob, rc.attach.token, entries)
                sink = self._sinks.get(cid)
                if sink is None or self._relay.get(cid) is not rc:
                    return
            if frames is None:        # no snapshot (yet), or the token no longer fits: ask the owner instead
                try:
                    await self.mailbox.send(rc.room, m.Resync(cid))     # retried until an owner receives it
                except BusError:
                    pass
                return
            link.stats["relay_resyncs"] += 1
            for frame, v, full in frames:
                if v is None or rc.check(v, full) == PASS:
                    sink(frame, None)
        except Exception:
            log.exception("relay resync of %s failed", cid)
        finally:
            rc.resyncing = False
            held, rc.held = rc.held, []
            sink = self._sinks.get(cid)
            for msg in held:
                if sink is not None and not rc.resyncing:
                    self._relay_one(cid, rc, sink, msg)

    async def follow_owners(self) -> None:
        """For every room with local connections that another process owns: adopt it if its lease is gone;
        re-attach the connections when the owner changed or an attach went unanswered."""
        rooms: dict[str, list[tuple[str, RelayConn]]] = {}
        for cid, rc in self._relay.items():
            if rc.room not in self.mailbox.owned:
                rooms.setdefault(rc.room, []).append((cid, rc))
        if not rooms:
            return
        link = self.link
        ids = list(rooms)
        leases = await link.r.mget([K.lease(r) for r in ids])
        now = time.monotonic()
        for room_id, holder in zip(ids, leases):
            if holder is not None and await self.mailbox.take_from_dead(room_id, holder.decode()):
                holder = None
            if holder is None:
                if link.adopt is not None:
                    await link.adopt(room_id)      # on success open_inbox re-attached the local connections
                continue
            holder = holder.decode()
            for cid, rc in rooms[room_id]:
                stale = not rc.confirmed and now - rc.sent_at > max(1.0, link.renew_s)
                if (rc.owner is not None and rc.owner != holder) or stale:
                    rc.owner, rc.confirmed, rc.sent_at = holder, False, now
                    await self.mailbox.publish(room_id, rc.attach)
