"""The Redis mailbox: room ownership (lease + fencing epoch), inboxes over sharded pub/sub, request/reply.

* **Ownership.** Each room has one owner process, holding ``bz:{R}:lease`` (``"<process>:<epoch>"``, TTL
  ``lease_ttl``) taken with a fresh fencing epoch (``ACQUIRE``) and renewed every ``lease_renew`` seconds (one
  pipelined round trip for all owned rooms). Every write of the owner (snapshot, lobby entry, deletion) is
  :meth:`RedisMailbox.fenced_write` (the ``WRITE`` script), which compares the lease with the owner's token in the
  same atomic step: an owner paused past its lease cannot write anything; its room gets a ``Fenced`` message.
* **Inbox.** The owner subscribes to ``bz:{R}:in``; any process ``SPUBLISH``es the room's messages there (the owner's
  own process puts them straight into the local queue). ``SPUBLISH`` reaching nobody means nobody owns the room: the
  sender adopts it (restores the snapshot) once the lease has expired.
* **A dead owner.** Every process is subscribed to its own channel ``bz:proc:{P}`` for as long as it lives, and
  Redis drops the subscriptions of a process whose connection closed (a crash, ``kill -9``) at once. A lease whose
  holder has no subscriber on its process channel, seen twice ``DEAF_CONFIRM`` s apart, belongs to a dead process:
  the lease is deleted (``STEAL``, only if that holder still has it) and the room adopted with a new epoch, without
  waiting for the lease to expire (failover in about a second instead of ``lease_ttl``). A process that is only
  paused (SIGSTOP) keeps its connections, so its rooms are taken only when its lease expires; and were a live but
  deaf owner ever taken for dead, the fencing epoch still stops it from writing.
* **Sweep.** Every ``orphan_sweep`` s: adopt each stored room without a lease, or whose holder is dead (so clocks
  keep running).
* **Unreachable owner.** A message that no owner receives is retried (the owner may be re-subscribing, or a dead
  owner's room being taken over) for at most ``SEND_WAIT`` s, then refused with BusError("unavailable").
* **Departures are kept.** A ``Detach`` (a local connection closed) is never refused: one that cannot be delivered
  now (Redis unreachable, or the owner's subscription not back yet) is kept and sent again by the watchdog
  (:meth:`RedisMailbox.resend_detaches`, every ``lease_renew`` s) until the owner has it or no owner can hold the
  connection any more; otherwise the owner would keep the connection for good, its seat connected and never away.
* **A dead relay's connections are detached.** A relay process that dies (``kill -9``, a lost host) sends no
  ``Detach`` at all. The owner remembers which of its rooms' connections came through another process (an
  ``Attach`` on the room's inbox, until its ``Detach``: :attr:`RedisMailbox.relayed`), and the watchdog
  (:meth:`RedisMailbox.expire_dead_relays`, every ``lease_renew`` s) looks at those processes' channels in one
  pipelined round trip; a process without a subscriber, seen twice ``DEAF_CONFIRM`` s apart, is dead, and each of
  its connections gets a ``Detach`` in its room's inbox, as the relay would have sent (the seat goes away: grace,
  claim, abort; a spectator just leaves). Never on a Redis error, nor while Redis recovers (every process is then
  re-subscribing). A live relay taken for dead (its pub/sub down that long while Redis answered the owner) gets its
  players back: the owner also closes those connections there with 1012 (their clients reconnect to their seats),
  through the relay's outbox, which tries for ``OUTBOX_TTL`` s; a relay deaf for longer probes its connections once
  its pub/sub is back, the owner answers that it does not know them, and the relay attaches them again
  (fanout.py).
"""
from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import Callable

from .. import messages as m
from ..interfaces import BusError, Inbox, Mailbox
from ..memory import QueueInbox
from . import keys as K
from .link import ERRORS, RedisLink

log = logging.getLogger("server.bus.redis")
DEAF_CONFIRM = 0.8       # s between two looks at a lease holder without subscribers before it counts as dead
RENEW_BATCH = 100        # leases renewed per pipelined round trip
SEND_WAIT = 3.0          # s a message waits for the room's owner to receive it before "unavailable"
DETACHES_KEPT = 100_000  # undelivered departures kept at most (the oldest are given up beyond)


@dataclass
class Owned:
    """A room this process owns: its local inbox, lease token, epoch, when the lease was last confirmed, and the
    ids of its connections attached through other processes (``relayed``: an ``Attach`` came over the inbox
    channel, its ``Detach`` not yet)."""

    inbox: QueueInbox
    token: str
    epoch: int
    confirmed: float
    fenced: bool = False
    relayed: set[str] = field(default_factory=set)


class RedisMailbox(Mailbox):
    """Inboxes and ownership over one :class:`RedisLink`.

    Hooks for the other Redis seams: ``on_send(room, msg)`` sees every message sent from this process (the fan-out
    follows attaches); ``on_adopted(room, owned)`` runs when a room is taken over here (the fan-out re-attaches its
    local connections); ``on_forget(room)`` runs when a room's stored entries must be written again (released, or
    Redis lost its data); ``on_relay_gone(process, {conn: room})`` runs when the connections of a process taken for
    dead were detached (:meth:`expire_dead_relays`; the fan-out closes them there, should it live after all)."""

    def __init__(self, link: RedisLink) -> None:
        self.link = link
        self.owned: dict[str, Owned] = {}
        self._waiting: dict = {}
        self._n = 0
        self._deaf: dict[str, float] = {}        # process id -> monotonic time it was first seen without subscribers
        self._looked: dict[str, tuple[float, bool]] = {}      # process id -> (time, alive) of the last look
        self.on_send: Callable[[str, object], None] = lambda room, msg: None
        self.on_adopted: Callable[[str, Owned], None] = lambda room, own: None
        self.on_forget: list[Callable[[str], None]] = []
        #: a message that reached this process for a room it no longer owns (it closed or was handed over while the
        #: message was on its way: the publish counted this process's subscription): answered, never dropped
        self.on_orphan: Callable[[str, object], None] = lambda room, msg: None
        #: departures not delivered yet: connection id -> room id (:meth:`resend_detaches`)
        self.detaches: dict[str, str] = {}
        #: the owned rooms' connections attached through another process: process id -> {connection id: room id}
        #: (:meth:`expire_dead_relays`)
        self.relayed: dict[str, dict[str, str]] = {}
        self.on_relay_gone: Callable[[str, dict[str, str]], None] = lambda pid, conns: None
        link.on_inbox = self._on_inbox
        link.on_proc["r"] = lambda msg: self._answer(msg["id"], msg["a"])
        link.on_reconnect.append(self._reconnected)
        link.renewals.append(self.renew_all)
        link.periodic.append(self.resend_detaches)
        link.periodic.append(self.expire_dead_relays)
        link.sweeps.append(self.sweep)

    async def start(self) -> None:
        self._acquire = self.link.r.register_script(K.ACQUIRE)
        self._write = self.link.r.register_script(K.WRITE)
        self._release = self.link.r.register_script(K.RELEASE)
        self._steal = self.link.r.register_script(K.STEAL)
        self._renew = self.link.rw.register_script(K.WRITE)

    # -- pump side ---------------------------------------------------------------------------------------------
    def _on_inbox(self, room: str, data: dict) -> None:
        own = self.owned.get(room)
        if own is None:
            try:
                self.on_orphan(room, m.from_wire(data))
            except ValueError:
                log.warning("room %s: malformed inbox message dropped", room)
            return
        try:
            msg = m.from_wire(data)
            own.inbox.put(msg)
        except BusError:
            log.warning("room %s inbox full; message %r dropped", room, data.get("k"))
        except ValueError:
            log.warning("room %s: malformed inbox message dropped", room)
        else:
            if isinstance(msg, m.Attach):
                self._relayed_in(room, own, msg.conn)
            elif isinstance(msg, m.Detach):
                self._relayed_out(own, msg.conn)

    def _relayed_in(self, room: str, own: Owned, conn: str) -> None:
        """Remember connection ``conn`` of owned room ``room`` when another process relays it."""
        pid = conn.split(":", 1)[0]
        if pid != self.link.process_id:
            own.relayed.add(conn)
            self.relayed.setdefault(pid, {})[conn] = room

    def _relayed_out(self, own: Owned, conn: str) -> None:
        """Forget relayed connection ``conn`` of a room (it left, or the room closed)."""
        own.relayed.discard(conn)
        pid = conn.split(":", 1)[0]
        conns = self.relayed.get(pid)
        if conns is not None:
            conns.pop(conn, None)
            if not conns:
                del self.relayed[pid]

    def _reconnected(self) -> None:
        for own in self.owned.values():
            own.inbox.notify(m.BackendBack())

    # -- inbox -------------------------------------------------------------------------------------------------
    async def open_inbox(self, room_id: str, restore: bool = False) -> Inbox:
        if room_id in self.owned:
            raise BusError("room_exists", f"Room {room_id} already has an owner.")
        link = self.link
        started = time.monotonic()
        try:
            e = int(await self._acquire(keys=[K.lease(room_id), K.epoch(room_id), K.snap(room_id)],
                                        args=[link.process_id, link.lease_ms, "adopt" if restore else "new",
                                              link.key_ttl_ms]))
        except ERRORS as exc:
            link.down(exc)
            raise BusError("unavailable", "The game service is temporarily unavailable; try again.") from None
        if e == -2:
            raise BusError("room_not_found", f"There is no stored room {room_id!r}.")
        if e <= 0:
            raise BusError("room_exists", f"Room {room_id} already has an owner.")
        own = self.owned[room_id] = Owned(QueueInbox(), f"{link.process_id}:{e}", e, started)
        await link.subscribe(K.inbox(room_id))
        if restore:
            link.stats["takeovers"] += 1
            self.on_adopted(room_id, own)
        return own.inbox

    async def close_inbox(self, room_id: str) -> None:
        own = self.owned.pop(room_id, None)
        self._forget(room_id)
        if own is None:
            return
        for conn in list(own.relayed):
            self._relayed_out(own, conn)
        await self.link.unsubscribe(K.inbox(room_id))
        if not own.fenced:
            try:
                await self._release(keys=[K.lease(room_id)], args=[own.token])
            except ERRORS as e:
                self.link.down(e)

    def _forget(self, room_id: str) -> None:
        for hook in self.on_forget:
            hook(room_id)

    async def publish(self, room_id: str, msg) -> int:
        """Publish one message on the room's inbox channel; how many owners heard it. Raises RedisError/OSError."""
        return await self.link.publish(K.inbox(room_id), m.to_wire(msg))

    async def send(self, room_id: str, msg) -> None:
        self.on_send(room_id, msg)
        own = self.owned.get(room_id)
        if own is not None:
            return own.inbox.put(msg)
        if isinstance(msg, m.Detach):
            return await self._detach(room_id, msg.conn)
        if isinstance(msg, m.Act):
            msg = m.Act(msg.conn, msg.id, msg.v, msg.action, None)   # monotonic times mean nothing elsewhere
        link = self.link
        deadline = time.monotonic() + min(SEND_WAIT, 2 * link.lease_ms / 1000 + 1.0)
        pause = 0.02
        while True:
            try:
                if await self.publish(room_id, msg) > 0:
                    return
                own = self.owned.get(room_id)
                if own is not None:
                    return own.inbox.put(msg)
                holder = await link.r.get(K.lease(room_id))
                if holder is not None and await self.take_from_dead(room_id, holder.decode()):
                    holder = None
                if holder is None:
                    if not await link.r.exists(K.snap(room_id)):
                        if not link.recovering():    # after a data loss the owner stores its rooms again: wait
                            raise BusError("room_not_found", f"There is no room {room_id!r}.")
                    elif link.adopt is not None and await link.adopt(room_id):
                        own = self.owned.get(room_id)
                        if own is not None:
                            if isinstance(msg, m.Attach):
                                return      # open_inbox queued every local attach already
                            return own.inbox.put(msg)
            except ERRORS as e:
                link.down(e)
                raise BusError("unavailable", "The game service is temporarily unavailable; try again.") from None
            if time.monotonic() > deadline:
                raise BusError("unavailable", "The room's server does not answer; try again.")
            await asyncio.sleep(pause)
            pause = min(pause * 2, 0.25)

    async def _detach(self, room_id: str, conn: str) -> None:
        """Tell room ``room_id``'s owner that local connection ``conn`` left, now or later: kept in
        :attr:`detaches` until the owner has it or nobody can hold the connection (:meth:`_deliver_detach`). Never
        raises."""
        self.detaches.pop(conn, None)
        self.detaches[conn] = room_id          # (newest last: the oldest are given up first)
        while len(self.detaches) > DETACHES_KEPT:
            lost = next(iter(self.detaches))
            log.warning("connection %s: its departure from room %s is given up", lost, self.detaches.pop(lost))
        try:
            if await self._deliver_detach(room_id, conn):
                self.detaches.pop(conn, None)
        except ERRORS as e:
            self.link.down(e)

    async def _deliver_detach(self, room_id: str, conn: str) -> bool:
        """One try at a departure: True once no process can still hold ``conn`` as connected to ``room_id``: its
        owner received the ``Detach`` (this process, or a subscriber of the room's inbox), or the room has no lease
        while Redis holds its data (a room adopted later is restored without connections; one never stored again
        is gone). False when it must be tried again: the lease's holder did not receive it (it is re-subscribing, or
        a dead holder's room is still to be adopted: its adopter restores no connection, and the next try sees no
        lease), or Redis may have lost the lease (:meth:`RedisLink.recovering`). Raises RedisError / OSError."""
        msg = m.Detach(conn)
        own = self.owned.get(room_id)
        if own is not None:
            own.inbox.put(msg)
            return True
        if await self.publish(room_id, msg) > 0:
            return True
        own = self.owned.get(room_id)
        if own is not None:
            own.inbox.put(msg)
            return True
        return await self.link.r.get(K.lease(room_id)) is None and not self.link.recovering()

    async def resend_detaches(self) -> None:
        """The watchdog's job: try every kept departure again (:meth:`_deliver_detach`), forgetting the delivered.
        Raises RedisError / OSError (the watchdog backs off; the rest are tried next time)."""
        for conn, room_id in list(self.detaches.items()):
            if self.detaches.get(conn) == room_id and await self._deliver_detach(room_id, conn):
                self.detaches.pop(conn, None)

    def _reply_key(self) -> str:
        self._n += 1
        return f"{self.link.process_id}:r{self._n}"

    async def reply(self, reply_to: str, answer: dict) -> None:
        pid = reply_to.split(":", 1)[0]
        if pid == self.link.process_id:
            return self._answer(reply_to, answer)
        try:
            await self.link.publish(K.proc(pid), {"k": "r", "id": reply_to, "a": answer})
        except ERRORS as e:
            self.link.down(e)

    # -- ownership ---------------------------------------------------------------------------------------------
    async def retrying(self, room_id: str, own, run, retry: bool = True) -> tuple[int, float]:
        """``(answer, start time)`` of ``run()`` (one fenced script call for owned room ``room_id``), called again
        (backing off 0.1 s to 2 s) while Redis is unreachable. Raises BusError("unavailable") at once without
        ``retry``, BusError("fenced") when the room was lost meanwhile (``own.fenced``)."""
        pause = 0.1
        while True:
            started = time.monotonic()
            try:
                return int(await run()), started
            except ERRORS as e:
                self.link.down(e)
                if not retry:
                    raise BusError("unavailable", "Redis is unreachable.") from None
                await asyncio.sleep(pause)
                pause = min(pause * 2, 2.0)
                if own.fenced:
                    raise BusError("fenced", f"This process lost room {room_id}.") from None

    async def fenced_write(self, room_id: str, op: str, target: str, value: bytes = b"",
                           retry: bool = True) -> None:
        """Run the WRITE script for an owned room: ``op`` "set" (``target`` = ``value``), "del" (``target``) or
        "none" (only confirm and renew the lease). Waits (backing off) while Redis is unreachable when ``retry``.
        Raises BusError("fenced") when the lease is someone else's, BusError("unavailable") without ``retry``."""
        own = self.owned.get(room_id)
        if own is None or own.fenced:
            raise BusError("fenced", f"This process does not own room {room_id}.")
        link = self.link
        res, started = await self.retrying(room_id, own, lambda: self._write(
            keys=[K.lease(room_id), K.epoch(room_id), K.snap(room_id), target],
            args=[own.token, own.epoch, link.lease_ms, op, value, link.key_ttl_ms]), retry)
        if not self._written(room_id, own, res, started):
            raise BusError("fenced", f"Another process owns room {room_id} now.")

    def _written(self, room_id: str, own: Owned, res: int, started: float) -> bool:
        """Apply the answer of one fenced ``WRITE`` begun at monotonic time ``started``: 0 fences the room (False),
        1 confirms the lease, 2 confirms it and makes the room store everything again (Redis lost its data)."""
        if res == 0:
            self._fence(room_id, own)
            return False
        own.confirmed = max(own.confirmed, started)
        if res == 2:       # Redis lost its data: this owner stores the room again (snapshot, lobby entry)
            log.warning("room %s: Redis had lost its data; lease re-seeded at epoch %d", room_id, own.epoch)
            self._forget(room_id)
            own.inbox.notify(m.BackendBack())
        return True

    def _fence(self, room_id: str, own: Owned) -> None:
        if not own.fenced:
            own.fenced = True
            self.link.stats["fenced"] += 1
            log.warning("room %s: lease lost (fenced, epoch %d)", room_id, own.epoch)
            own.inbox.notify(m.Fenced())

    async def check_owner(self, room_id: str) -> bool:
        own = self.owned.get(room_id)
        if own is None:
            return True          # not (or no longer) a Redis-owned room: nothing to check
        if own.fenced:
            return False
        if time.monotonic() - own.confirmed < self.link.lease_ms / 2000:
            return True
        try:      # the lease may have expired while this process was paused: ask Redis before doing anything
            await self.fenced_write(room_id, "none", K.snap(room_id), retry=False)
        except BusError as e:
            return e.code != "fenced"
        return True

    async def renew_all(self) -> None:
        """Renew the lease of every owned room in pipelined round trips of ``RENEW_BATCH`` rooms on the watchdog's
        own connection (the same fenced ``WRITE`` with op "none" per room, so each keeps its own key slot for Redis
        Cluster; in batches so that packing and parsing hundreds of scripts never holds the event loop, nor Redis,
        for long in one piece). A room whose lease is someone else's is fenced; one whose data Redis lost stores
        itself again. Raises RedisError when Redis is unreachable (the watchdog backs off).

        A room whose lease a fenced write (a commit's ``APPEND`` sets the lease too) confirmed less than
        ``lease_renew`` seconds ago is left to the next round: its lease has at least ``lease_ttl - lease_renew``
        left, and while it commits it renews itself (at 500 rooms the renewals had been half the Redis scripts run
        per client action, their packing and parsing on the event loop)."""
        link = self.link
        now = time.monotonic()
        owned = [(room_id, own) for room_id, own in self.owned.items()
                 if not own.fenced and now - own.confirmed >= link.renew_s]
        for i in range(0, len(owned), RENEW_BATCH):
            batch = owned[i:i + RENEW_BATCH]
            started = time.monotonic()
            results = await link.run_scripts(link.rw, [
                (self._renew, [K.lease(room_id), K.epoch(room_id), K.snap(room_id), K.snap(room_id)],
                 [own.token, own.epoch, link.lease_ms, "none", b"", link.key_ttl_ms]) for room_id, own in batch])
            for (room_id, own), res in zip(batch, results):
                if isinstance(res, Exception) or self.owned.get(room_id) is not own:
                    continue
                self._written(room_id, own, int(res), started)

    async def holder_alive(self, holder: str) -> bool:
        """Whether the process of a lease token (``"<process>:<epoch>"``) may still live (:meth:`processes_alive`).
        Raises RedisError / OSError."""
        pid = holder.split(":", 1)[0]
        return (await self.processes_alive([pid]))[pid]

    async def processes_alive(self, pids: list[str]) -> dict[str, bool]:
        """Process id -> whether it may still live: it has a subscriber on its process channel ``bz:proc:{P}``, or
        was seen without one for less than ``DEAF_CONFIRM`` s (it may be re-subscribing); dead = no subscriber at
        two looks at least ``DEAF_CONFIRM`` s apart with none in between that saw one. One pipelined round trip of
        ``PUBSUB SHARDNUMSUB`` for all the processes not looked at within the last 0.2 s (one look serves a whole
        sweep over many rooms; one command per channel, so that each goes to its own shard on Redis Cluster). This
        process, and every process while Redis recovers (:meth:`RedisLink.recovering`: every process is then
        re-subscribing, a missing subscriber proves nothing and the looks so far are forgotten), count as alive.
        Raises RedisError / OSError (nothing is concluded)."""
        link = self.link
        if link.recovering():
            self._deaf.clear()
            self._looked.clear()
            return dict.fromkeys(pids, True)
        now = time.monotonic()
        out: dict[str, bool] = {}
        ask: list[str] = []
        for pid in pids:
            seen = self._looked.get(pid)
            if pid == link.process_id:
                out[pid] = True
            elif seen is not None and now - seen[0] < 0.2:
                out[pid] = seen[1]
            else:
                ask.append(pid)
        if not ask:
            return out
        if len(ask) == 1:
            answers = [await link.r.pubsub_shardnumsub(K.proc(ask[0]))]
        else:
            async with link.r.pipeline(transaction=False) as pipe:
                for pid in ask:
                    pipe.pubsub_shardnumsub(K.proc(pid))
                answers = await pipe.execute()
        now = time.monotonic()
        for pid, subs in zip(ask, answers):
            out[pid] = self._judge(pid, bool(subs) and int(subs[0][1]) > 0, now)
        for table in (self._deaf, self._looked):
            while len(table) > 1000:
                table.pop(next(iter(table)))
        return out

    def _judge(self, pid: str, heard: bool, now: float) -> bool:
        """Record one look at process ``pid`` (``heard``: it has a subscriber) made at ``now``; whether it may
        still live (:meth:`processes_alive`)."""
        seen = self._looked.get(pid)
        alive = heard
        if not heard:
            first = self._deaf.get(pid)
            if first is None or seen is None or now - seen[0] > 2 * self.link.sweep_s:   # an old look: start over
                first = self._deaf[pid] = now
            alive = now - first < DEAF_CONFIRM
        else:
            self._deaf.pop(pid, None)
        self._looked[pid] = (now, alive)
        return alive

    async def expire_dead_relays(self) -> None:
        """The watchdog's job (every ``lease_renew`` s): detach the connections of owned rooms relayed through a
        process that died. A dead process sends no ``Detach``, so without this its players' seats would read
        connected for good (never away: no grace period, no claim of the win, no abort; a game without a clock
        would never end). The processes of :attr:`relayed` are looked at together (:meth:`processes_alive`: one
        pipelined round trip, nothing when no connection is relayed); each connection of a dead one gets a
        ``Detach`` in its room's inbox, handled as the relay's own would be, and ``on_relay_gone`` closes them on
        that process should it live after all. Nothing is detached while Redis recovers. Raises RedisError /
        OSError (nothing detached; the watchdog backs off)."""
        if not self.relayed:
            return
        alive = await self.processes_alive(list(self.relayed))
        for pid, live in alive.items():
            if live or pid not in self.relayed:
                continue
            conns = self.relayed.pop(pid)
            log.warning("process %s is gone (no subscription): its %d relayed connections leave their rooms", pid,
                        len(conns))
            gone: dict[str, str] = {}
            for conn, room_id in conns.items():
                own = self.owned.get(room_id)
                if own is not None and conn in own.relayed:
                    own.relayed.discard(conn)
                    own.inbox.put(m.Detach(conn))
                    gone[conn] = room_id
            self.link.stats["dead_relay_conns"] += len(gone)
            if gone:
                self.on_relay_gone(pid, gone)

    async def take_from_dead(self, room_id: str, holder: str) -> bool:
        """Delete ``room_id``'s lease when its holder is a dead process (:meth:`holder_alive`), so the room can be
        adopted now; True when the lease is gone. Raises RedisError / OSError."""
        if await self.holder_alive(holder):
            return False
        if int(await self._steal(keys=[K.lease(room_id)], args=[holder])):
            log.warning("room %s: owner %s is gone (no subscription); taking the room over", room_id, holder)
        return True

    async def sweep(self) -> None:
        """Adopt every stored room whose lease is gone or whose holder is dead (its owner died and none of its
        clients came back)."""
        link = self.link
        ids = [i.decode() for i in await link.r.smembers(K.ROOMS)]
        if not ids or link.adopt is None:
            return
        leases = await link.r.mget([K.lease(r) for r in ids])
        for room_id, holder in zip(ids, leases):
            if room_id in self.owned:
                continue
            if holder is not None and await self.take_from_dead(room_id, holder.decode()):
                holder = None
            if holder is None:
                if not await link.r.exists(K.snap(room_id)):
                    await link.r.srem(K.ROOMS, room_id)
                    continue
                await link.adopt(room_id)
