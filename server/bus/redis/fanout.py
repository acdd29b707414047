"""The Redis fan-out: frames to local sinks directly, to other processes' connections over ``bz:proc:{P}``, and the
relay side of it (docs/scaling.md "Relays").

The owner sends each frame for a connection of another process to that process's channel with the room version it
carries; that process (the relay) filters it per connection (relay.py) and resyncs the connection from the stored
snapshot when it sees a gap, or after its pub/sub connection came back. The watchdog job :meth:`follow_owners`
adopts relayed rooms whose lease is gone and re-attaches local connections to a new owner.
"""
from __future__ import annotations

import asyncio
import logging
import time

from .. import messages as m
from ..interfaces import FanOut, Sink
from . import keys as K
from .link import BACKOFF_MAX, ERRORS, RedisLink
from .mailbox import Owned, RedisMailbox
from .relay import DROP, GAP, PASS, RelayConn

log = logging.getLogger("server.bus.redis")


class RedisFanOut(FanOut):
    """Frames over one :class:`RedisLink`; ``mailbox``: the Redis mailbox of the same process (owned rooms, the
    inbox channel for re-attaches)."""

    def __init__(self, link: RedisLink, mailbox: RedisMailbox) -> None:
        self.link, self.mailbox = link, mailbox
        self._sinks: dict[str, Sink] = {}
        self._relay: dict[str, RelayConn] = {}
        self.snapshot_sync = None        # bind: (blob, token) -> [(frame, v, full)] | None
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

    def _reconnected(self) -> None:
        for cid, rc in list(self._relay.items()):
            if rc.room not in self.mailbox.owned:
                self._start_resync(cid, rc)

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
            msg = {"k": "f", "room": room, "c": cids, "f": frame, "x": close, "v": v, "full": full,
                   "o": own.token if own else None}
            try:
                await self.link.publish(K.proc(pid), msg)
            except ERRORS as e:      # lost like any pub/sub frame: the relay resyncs later
                self.link.down(e)

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
            if rc.resyncing and msg["v"] is not None:
                rc.held.append(msg)
                continue
            self._relay_one(cid, rc, sink, msg)

    def _relay_one(self, cid: str, rc: RelayConn, sink: Sink, msg: dict) -> None:
        verdict = rc.check(msg["v"], msg["full"]) if msg["f"] is not None else PASS
        if verdict == PASS:
            sink(msg["f"], msg["x"])
        elif verdict == GAP:
            self.link.stats["relay_gaps"] += 1
            self._start_resync(cid, rc)
        elif verdict == DROP and msg["x"] is not None:
            sink(None, msg["x"])

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
                    blob = await link.r.get(K.snap(rc.room))
                    break
                except ERRORS as e:
                    link.down(e)
                    await asyncio.sleep(min(BACKOFF_MAX, 0.1 * 2 ** attempt))
            else:
                return
            sink = self._sinks.get(cid)
            if sink is None or self._relay.get(cid) is not rc:
                return
            frames = self.snapshot_sync(blob, rc.attach.token) if blob and self.snapshot_sync else None
            if frames is None:        # the room is gone (or the token no longer fits): ask the owner instead
                await self.mailbox.publish(rc.room, m.Resync(cid))
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
