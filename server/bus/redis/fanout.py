"""The Redis fan-out: frames to local sinks directly, to other processes' connections over ``bz:proc:{P}``, and the
relay side of it (docs/scaling.md "Relays").

The owner sends each frame for a connection of another process to that process's channel with the room version it
carries, through that process's :class:`~server.bus.redis.outbox.Outbox` (in order, retried while nobody receives
it); that process (the relay) filters it per connection (relay.py). Whether a frame was really lost (not only
late: the outbox retries) is never guessed from a timer: the relay *probes* the room (``Probe``), and the owner
answers with a checkpoint through the same ordered outbox, behind every frame it sent before. A connection that has
not reached the checkpoint's version by then lost a frame, and only then is it resynced: the owner is asked for a
sync (it has the state in memory, even when Redis lost its data), the stored snapshot and the log entries written after it (store.py) are the fallback. Probes are
sent after a version gap and, for every relayed connection, after the relay's pub/sub connection came back: at most
one resync per connection and outage, none for connections that missed nothing. The watchdog job
:meth:`follow_owners` adopts relayed rooms whose owner is gone and re-attaches local connections to a new owner.
"""
from __future__ import annotations

import asyncio
import logging
import time

import msgpack

from .. import messages as m
from ..interfaces import BusError, Carry, FanOut, Sink, SinkAll, hand_over
from . import keys as K
from .link import BACKOFF_MAX, ERRORS, RedisLink
from .mailbox import Owned, RedisMailbox
from .outbox import Outbox
from .relay import DROP, GAP, PASS, RelayConn

log = logging.getLogger("server.bus.redis")
PROBE_WAIT = 5.0         # s a probe's checkpoint or an asked sync may take before the relay probes again / falls back
PROBE_TRIES = 4          # probes of the connections of a reconnect before the unanswered ones are resynced anyway
CLOSE_RESTART = 1012     # the close of a connection whose relay was taken for dead (server/wire.py): it reconnects


class RedisFanOut(FanOut):
    """Frames over one :class:`RedisLink`; ``mailbox``: the Redis mailbox of the same process (owned rooms, the
    inbox channel for re-attaches)."""

    def __init__(self, link: RedisLink, mailbox: RedisMailbox) -> None:
        self.link, self.mailbox = link, mailbox
        self._sinks: dict[str, Sink] = {}
        self._sinks_all: dict[str, SinkAll] = {}
        self._relay: dict[str, RelayConn] = {}
        self._outboxes: dict[str, Outbox] = {}
        self._tasks: set[asyncio.Task] = set()
        self._probe_gen = 0                      # generation of the newest reconnect check
        self._unprobed: set[str] = set()         # connections of that check whose checkpoint has not come
        self._probe_done = asyncio.Event()       # set when _unprobed became empty
        self.snapshot_sync = None        # bind: (blob, token, entries) -> [(frame, v, full)] | None
        self.snapshot_version = None     # bind: (blob, entries) -> room version stored in them (unused since checkpoints)
        #: async [room id] -> [(snapshot or None, log entries since it)]: the rooms' stored state (store.py)
        self.read_rooms = None
        link.on_proc["f"] = self._on_frames
        link.on_reconnect.append(self._reconnected)
        link.periodic.append(self.follow_owners)
        link.metrics.append(self._metric_lines)
        mailbox.on_send = self._on_send
        mailbox.on_adopted = self._on_adopted
        mailbox.on_relay_gone = self._relay_gone

    def _metric_lines(self) -> list[str]:
        relayed = {c.room for c in self._relay.values()} - set(self.mailbox.owned)
        return ["# HELP berserk_rooms_relayed Rooms with local connections owned by another process.",
                "# TYPE berserk_rooms_relayed gauge", f"berserk_rooms_relayed {len(relayed)}"]

    # -- mailbox hooks -----------------------------------------------------------------------------------------
    def _on_send(self, room_id: str, msg) -> None:
        """Follow local connections: an attach makes the connection relayed (re-sent when the owner changes)."""
        if isinstance(msg, m.Attach):
            rc = self._relay.get(msg.conn)
            if rc is None or rc.attach is not msg:      # (the same attach sent again keeps what was seen)
                self._relay[msg.conn] = RelayConn(room_id, msg)
        elif isinstance(msg, m.Detach):
            self._relay.pop(msg.conn, None)

    def _on_adopted(self, room_id: str, own: Owned) -> None:
        """This process took the room over: its local connections attach to it (they get a full sync)."""
        for rc in self._relay.values():
            if rc.room == room_id:
                rc.confirmed, rc.sent_at, rc.owner = False, time.monotonic(), own.token
                own.inbox.notify(rc.attach)

    def _relay_gone(self, pid: str, conns: dict[str, str]) -> None:
        """This owner detached the connections ``conns`` (connection id -> room id) of process ``pid``, taken for
        dead (mailbox.py ``expire_dead_relays``). Should it live after all (its pub/sub was down for longer than
        ``DEAF_CONFIRM`` while Redis answered), it closes each with 1012 and their clients reconnect to their seats;
        sent through its outbox, retried while nobody receives it (``OUTBOX_TTL``: a process deaf for longer
        attaches them again itself, after its reconnect's probe, :meth:`check_relays`)."""
        rooms: dict[str, list[str]] = {}
        for cid, room_id in conns.items():
            rooms.setdefault(room_id, []).append(cid)
        for room_id, cids in rooms.items():
            own = self.mailbox.owned.get(room_id)
            self._box(pid).put(self._frame_msg(room_id, cids, None, CLOSE_RESTART, None, False, own))

    async def close(self) -> None:
        """Cancel the outboxes and relay tasks; waits 1 s at most (a cancellation swallowed inside redis-py or by
        Python 3.11's wait_for left a task running, and the process's shutdown waited for it until killed)."""
        tasks = [box.task for box in self._outboxes.values()] + list(self._tasks)
        for t in tasks:
            t.cancel()
        if tasks:
            await asyncio.wait(tasks, timeout=1.0)

    def _spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _reconnected(self) -> None:
        self._spawn(self.check_relays())

    async def check_relays(self) -> int:
        """After pub/sub came back (frames may have been lost both ways): probe the room of every relayed
        connection. Its owner answers each connection with a checkpoint ordered after every frame it sent it
        (:meth:`checkpoint`); only a connection that has not reached the checkpoint's version by then lost a frame
        and is resynced (:meth:`_on_checkpoint`), whether its frames were merely late (retried by the owner's outbox)
        or not. A probe that stays unanswered ``PROBE_WAIT`` s is sent again (the owner may still be
        re-subscribing, or storing its rooms again after Redis lost its data), ``PROBE_TRIES`` times; then the
        connections still unanswered are resynced from the stored snapshot. A newer reconnect supersedes a running
        check. Returns how many connections were resynced without a checkpoint."""
        self._probe_gen += 1
        gen = self._probe_gen
        self._unprobed = {cid for cid, rc in self._relay.items() if rc.room not in self.mailbox.owned}
        for _ in range(PROBE_TRIES):
            rooms = self._unanswered()
            if not rooms:
                return 0
            self._probe_done.clear()
            await asyncio.gather(*(self._ask_room(room_id, m.Probe(cids)) for room_id, cids in rooms.items()))
            if self._unprobed:
                try:
                    async with asyncio.timeout(PROBE_WAIT):      # (not wait_for: see outbox.py)
                        await self._probe_done.wait()
                except (asyncio.TimeoutError, TimeoutError):
                    pass
            if gen != self._probe_gen:
                return 0        # a newer reconnect probes again
        started = 0
        for conns in self._unanswered().values():
            for cid in conns:
                self._start_resync(cid, self._relay[cid], "no checkpoint after a reconnect")
                started += 1
        self._unprobed = set()
        return started

    def _unanswered(self) -> dict[str, list[str]]:
        """The connections of the running check still waiting for a checkpoint, by room (gone ones forgotten)."""
        rooms: dict[str, list[str]] = {}
        for cid in list(self._unprobed):
            rc = self._relay.get(cid)
            if rc is None or rc.room in self.mailbox.owned:
                self._unprobed.discard(cid)      # detached, or the room is local now (its frames cannot be lost)
            else:
                rooms.setdefault(rc.room, []).append(cid)
        return rooms

    async def _ask_room(self, room_id: str, msg) -> None:
        """Send ``msg`` (a probe, a resync, an attach) to the room's owner; an owner that cannot be reached is
        asked again by the caller's timer."""
        try:
            await self.mailbox.send(room_id, msg)
        except BusError:
            pass

    # -- frames ------------------------------------------------------------------------------------------------
    def attach_conn(self, conn_id: str, sink: Sink, sink_all: SinkAll | None = None) -> None:
        self._sinks[conn_id] = sink
        if sink_all is not None:
            self._sinks_all[conn_id] = sink_all
        else:
            self._sinks_all.pop(conn_id, None)

    def detach_conn(self, conn_id: str) -> None:
        self._sinks.pop(conn_id, None)
        self._sinks_all.pop(conn_id, None)
        self._relay.pop(conn_id, None)

    async def deliver_all(self, room: str, sends: list[tuple], carry: Carry | None = None) -> None:
        """This process's connections get their frames of the change together (``hand_over``); the other
        processes' each frame as :meth:`deliver` sends it."""
        by_conn: dict[str, list[bytes]] = {}
        for i, (conns, frame, v, full) in enumerate(sends):
            local, remote = self._by_process(conns)
            for cid in local:
                by_conn.setdefault(cid, []).append(frame)
            if remote:
                self._to_processes(remote, room, frame, None, v, full,
                                   carry.published(i) if carry is not None else frozenset())
        hand_over(self._sinks, self._sinks_all, by_conn)

    async def deliver(self, conn_ids: list[str], frame: bytes | None, close: int | None = None, *,
                      room: str | None = None, v: int | None = None, full: bool = False,
                      published: frozenset = frozenset()) -> None:
        remote = self._split(conn_ids, frame, close)
        if remote:
            self._to_processes(remote, room, frame, close, v, full, published)

    def _to_processes(self, remote: dict[str, list[str]], room: str | None, frame: bytes | None, close: int | None,
                      v: int | None, full: bool, published: frozenset) -> None:
        """The frame for other processes' connections (``remote``: process id -> connection ids), through each
        process's outbox, unless it rode with the commit already (``published``)."""
        own = self.mailbox.owned.get(room) if room is not None else None
        for pid, cids in remote.items():
            if pid in published:
                self.link.stats["frames_carried"] += 1
            else:
                self._box(pid).put(self._frame_msg(room, cids, frame, close, v, full, own))

    def _by_process(self, conn_ids: list[str]) -> tuple[list[str], dict[str, list[str]]]:
        """(this process's connections, the others' by process id); a connection id is ``"<process id>:<n>"``."""
        local: list[str] = []
        remote: dict[str, list[str]] = {}
        me = self.link.process_id
        for cid in conn_ids:
            pid = cid.split(":", 1)[0]
            if pid == me:
                local.append(cid)
            else:
                remote.setdefault(pid, []).append(cid)
        return local, remote

    def _split(self, conn_ids: list[str], frame: bytes | None, close: int | None) -> dict[str, list[str]]:
        """Give the frame to the local connections; the remote ones by process id."""
        local, remote = self._by_process(conn_ids)
        for cid in local:
            sink = self._sinks.get(cid)
            if sink is not None:
                sink(frame, close)
        return remote

    @staticmethod
    def _frame_msg(room, cids, frame, close, v, full, own) -> dict:
        return {"k": "f", "room": room, "c": cids, "f": frame, "x": close, "v": v, "full": full,
                "o": own.token if own else None}

    def carry(self, room: str, sends: list[tuple]) -> Carry | None:
        """The frames of one change for other processes, to be published by the room's ``APPEND`` right after
        its entry (store.py): the relay gets them when the change is durable, one owner round trip and one
        wake-up of its outbox task sooner. Only for processes whose outbox is empty (nothing of theirs is
        pending or in flight: a frame in the outbox is only removed once published), so each process still gets
        its frames in order; a carried frame nobody received goes to the outbox after the commit, like any."""
        own = self.mailbox.owned.get(room)
        if own is None:
            return None
        items, args = [], []
        for i, (conn_ids, frame, v, full) in enumerate(sends):
            for pid, cids in self._by_process(conn_ids)[1].items():
                box = self._outboxes.get(pid)
                if box is not None and box.queue:
                    continue
                items.append((i, pid))
                args += [K.proc(pid), msgpack.packb(self._frame_msg(room, cids, frame, None, v, full, own),
                                                    use_bin_type=True)]
        return Carry(items, args) if items else None

    async def checkpoint(self, conn_ids: list[str], room: str, v: int | None) -> None:
        """Answer a relay's ``Probe`` (see :meth:`check_relays`): a checkpoint ``v`` for each remote connection,
        behind every frame already queued for its process."""
        own = self.mailbox.owned.get(room)
        for pid, cids in self._by_process(conn_ids)[1].items():
            self._box(pid).put({"k": "f", "room": room, "c": cids, "f": None, "x": None, "v": v, "full": False,
                                "o": own.token if own else None, "ck": True})

    def _box(self, pid: str) -> Outbox:
        box = self._outboxes.get(pid)
        if box is None:
            box = self._outboxes[pid] = Outbox(self.link, pid, self._outbox_ended)
        return box

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
            if msg.get("ck"):
                self._on_checkpoint(cid, rc, msg["v"])
                continue
            if (rc.resyncing or rc.waiting) and msg["v"] is not None:
                rc.held.append(msg)
                if rc.waiting and not rc.resyncing:
                    self._flush_held(cid, rc, sink)
                continue
            self._relay_one(cid, rc, sink, msg)

    def _relay_one(self, cid: str, rc: RelayConn, sink: Sink, msg: dict) -> None:
        verdict = rc.check(msg["v"], msg["full"]) if msg["f"] is not None else PASS
        if verdict == PASS:
            if msg["full"]:
                rc.asked = False
            sink(msg["f"], msg["x"])
        elif verdict == GAP and rc.asked:      # sent before the sync asked for, which brings everything it had
            if msg["x"] is not None:
                sink(None, msg["x"])
        elif verdict == GAP:      # hold it: the missing frame may only be late; the owner's checkpoint tells
            self.link.stats["relay_gaps"] += 1
            rc.held.append(msg)
            if not rc.waiting:
                rc.waiting = True
                rc.gen += 1
                self._spawn(self._ask_room(rc.room, m.Probe([cid])))
                asyncio.get_running_loop().call_later(PROBE_WAIT, self._gap_expired, cid, rc, rc.gen)
        elif verdict == DROP and msg["x"] is not None:
            sink(None, msg["x"])

    def _on_checkpoint(self, cid: str, rc: RelayConn, v: int | None) -> None:
        """The owner's answer to a probe: every frame it sent this connection before brought it to ``v`` at most
        (None: the owner does not know the connection). Behind ``v`` means a frame was lost for good."""
        if cid in self._unprobed:
            self._unprobed.discard(cid)
            if not self._unprobed:
                self._probe_done.set()
        if rc.resyncing or rc.asked:
            return                    # a sync is on its way
        if v is None:                 # its attach was lost (or the room forgot it): attach again, answered by a sync
            self._ask_sync(cid, rc, rc.attach, "unknown to its owner")
        elif rc.last is None or rc.last < v:
            self._ask_sync(cid, rc, m.Resync(cid), f"at v{rc.last}, checkpoint v{v}")

    def _ask_sync(self, cid: str, rc: RelayConn, msg, why: str) -> None:
        """A frame was lost: ask the owner for a full sync (``msg``: a Resync, or the Attach again); the frames
        that arrive before it are older than it and dropped. Without the sync after ``PROBE_WAIT`` s the
        connection is resynced from the stored snapshot."""
        log.info("relay: %s of room %s lost a frame (%s); asking the owner for a sync", cid, rc.room, why)
        rc.asked, rc.waiting, rc.held = True, False, []
        rc.gen += 1
        self.link.stats["relay_resyncs"] += 1
        self._spawn(self._ask_room(rc.room, msg))
        asyncio.get_running_loop().call_later(PROBE_WAIT, self._ask_expired, cid, rc, rc.gen)

    def _ask_expired(self, cid: str, rc: RelayConn, gen: int) -> None:
        if rc.asked and rc.gen == gen and self._relay.get(cid) is rc:
            rc.asked = False
            self._start_resync(cid, rc, "the asked sync did not come")

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

    def _gap_expired(self, cid: str, rc: RelayConn, gen: int) -> None:
        """No checkpoint came for a gap (the probe or its answer was lost too): resync from the snapshot."""
        if rc.waiting and rc.gen == gen and self._relay.get(cid) is rc:
            self._start_resync(cid, rc, "no checkpoint after a gap")   # the held frames are replayed after it

    def _start_resync(self, cid: str, rc: RelayConn, why: str) -> None:
        """Resync from the stored snapshot (the fallback when the owner does not answer); it ends any gap wait."""
        log.info("relay: resyncing %s of room %s from the snapshot (%s)", cid, rc.room, why)
        rc.waiting = False
        rc.gen += 1
        if not rc.resyncing:
            rc.resyncing = True
            self._spawn(self._resync(cid, rc))

    async def _resync(self, cid: str, rc: RelayConn) -> None:
        """Give one relayed connection a full sync built from the stored snapshot (never older than any frame
        broadcast), then the frames held meanwhile that are newer."""
        link = self.link
        ask = False
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
                ask = True
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
            if ask and self._relay.get(cid) is rc:
                self._ask_sync(cid, rc, m.Resync(cid), "no snapshot")
            else:
                for msg in held:
                    if sink is not None and not rc.resyncing:
                        self._relay_one(cid, rc, sink, msg)

    async def follow_owners(self) -> None:
        """For every room with local connections that another process owns: adopt it if its lease is gone;
        re-attach the connections when the owner changed; probe the room of an attach still unanswered."""
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
                if rc.owner is not None and rc.owner != holder:
                    rc.owner, rc.confirmed, rc.sent_at = holder, False, now
                    await self.mailbox.publish(room_id, rc.attach)
                elif not rc.confirmed and not rc.asked and now - rc.sent_at > max(1.0, link.renew_s):
                    # no frame since the attach: a slow owner, or the attach or its sync was lost. Re-attaching
                    # on a timer gave loaded owners' clients several syncs; the checkpoint tells which it is.
                    rc.sent_at = now + PROBE_WAIT
                    self._spawn(self._ask_room(room_id, m.Probe([cid])))
