"""The rooms this process owns: creates them, runs each as its own task, restores them from snapshots at start-up
(and, on a networked bus, adopts rooms whose owner died) and snapshots them at shutdown."""
from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets

from .bus import Bus, BusError
from .bus import messages as m
from .metrics import Metrics
from .room import Room, RoomStatus, refuse_queued
from .settings import Settings

log = logging.getLogger("server.rooms")
RESTORE_BATCH = 16       # stored rooms restored together at start-up: one batched store read, one worker-thread call
RESTORE_RETRY = 1.0      # s before a start-up batch whose store read failed is tried again


class RoomLimit(Exception):
    """The process already owns ``settings.max_rooms`` rooms."""


class Rooms:
    """Registry of local room tasks. ``engine``: module-like object with ``Game``, ``EngineError``, ``load_deck``."""

    def __init__(self, engine, bus: Bus, settings: Settings, metrics: Metrics, recorder=None) -> None:
        self.engine, self.bus, self.settings, self.metrics = engine, bus, settings, metrics
        self.recorder = recorder        # async recorder(room): keeps a finished game (server/store/record.py)
        self.seat_bot = None            # async seat_bot(room_id, policy, token): reseats a restored computer seat
        self.tasks: dict[str, asyncio.Task] = {}
        self.rooms: dict[str, Room] = {}
        self._adopting: dict[str, asyncio.Lock] = {}
        self._queued: dict[str, None] = {}  # stored rooms still to restore at start-up, in order (restore_all)
        self._restorer: asyncio.Task | None = None
        self._wanted: dict[str, asyncio.Future] = {}   # queued rooms a message waits for (restore_first)
        self._answering: set[asyncio.Task] = set()      # waiters answered once an adopt() in hand is done
        self.restored = asyncio.Event()     # set once the start-up restore is done (restore_all)
        metrics.rooms = lambda: len(self.rooms)

    def _start(self, room: Room) -> None:
        room.recorder = self.recorder
        self.rooms[room.id] = room
        task = asyncio.get_running_loop().create_task(room.run(), name=f"room-{room.id}")
        self.tasks[room.id] = task
        task.add_done_callback(lambda t, rid=room.id: self._done(rid, t))

    def _done(self, room_id: str, task: asyncio.Task) -> None:
        self.rooms.pop(room_id, None)
        self.tasks.pop(room_id, None)
        if not task.cancelled() and task.exception() is not None:
            log.error("room %s task died", room_id, exc_info=task.exception())

    async def create(self, options: dict, autopass: bool = True, room_id: str | None = None,
                     **seats) -> tuple[str, str | None]:
        """Create and start a room; returns ``(room_id, seat-1 token or None)``. ``room_id``: a chosen id (a
        rematch room named by its old room); ``seats``: ``player``, ``decks``, ``reserved`` as in ``Room.create``.

        Raises RoomLimit at the cap, the engine's EngineError for an unknown deck, BusError("room_exists") when a
        chosen id is taken.
        """
        if len(self.rooms) >= self.settings.max_rooms:
            raise RoomLimit()
        if room_id is not None and room_id in self._queued:    # stored, not restored yet: it exists
            raise BusError("room_exists", f"Room {room_id} already has an owner.")
        chosen = room_id
        while True:
            room_id = chosen or secrets.token_urlsafe(9).replace("-", "x").replace("_", "y")
            room, token = Room.create(room_id, options, self.engine, self.bus, self.settings, self.metrics,
                                      autopass, **seats)
            try:
                room.inbox = await self.bus.mailbox.open_inbox(room_id)   # open before returning: the creator connects next
                break
            except BusError as e:
                if e.code != "room_exists" or chosen:
                    raise
        if self.bus.persistent:
            try:   # durable before the creator hears of it: any process can restore it from now on
                await self.bus.store.save(room_id, room.snapshot())
            except BaseException:
                await self.bus.mailbox.close_inbox(room_id)
                raise
        self._start(room)
        return room_id, token

    async def restore_all(self) -> int:
        """Queue every stored room for restoring and start restoring them in the background (:meth:`_restore_queued`);
        returns how many were queued at once, without waiting for them: the server serves meanwhile, and a message
        for a queued room puts that room into the next batch (:meth:`restore_first`). ``restored`` is set once the queue is
        empty. Raises BusError ``unavailable`` when the store cannot list its rooms."""
        for rid in await self.bus.store.ids():
            if rid not in self.rooms:
                self._queued[rid] = None
        self.metrics.restoring = lambda: len(self._queued)
        self._restorer = asyncio.get_running_loop().create_task(self._restore_queued(), name="restore-rooms")
        return len(self._queued)

    async def _restore_queued(self) -> None:
        """The background restore: the queued rooms in batches of ``RESTORE_BATCH`` (:meth:`_adopt_batch`), rooms
        a message waits for first (:meth:`restore_first`), until none is left; then sets ``restored``. Never raises
        (a batch whose store read fails is logged, its waiting messages answered ``unavailable``; its rooms stay
        stored and queued and are tried again after ``RESTORE_RETRY`` s)."""
        done = False
        try:
            while self._queued:
                batch = self._next_batch()
                try:
                    await self._adopt_batch(batch)
                    failed = False
                except Exception:
                    log.exception("restoring %d rooms failed; retrying", len(batch))
                    failed = True
                self._answer_wanted(batch if failed else ())
                if failed:
                    await asyncio.sleep(RESTORE_RETRY)
            done = True
            log.info("every stored room is restored (%d rooms)", len(self.rooms))
        finally:
            for rid, fut in list(self._wanted.items()):     # left: rooms an adopt() still has in hand
                self._wanted.pop(rid)
                if done:
                    task = asyncio.get_running_loop().create_task(self._answer_after_adopt(rid, fut))
                    self._answering.add(task)
                    task.add_done_callback(self._answering.discard)
                elif not fut.done():
                    fut.set_result(False)                     # shutdown
            self.restored.set()

    def _next_batch(self) -> list[str]:
        """Up to ``RESTORE_BATCH`` queued rooms: those a message waits for first, then in stored order."""
        batch = [rid for rid in self._wanted if rid in self._queued][:RESTORE_BATCH]
        for rid in self._queued:
            if len(batch) >= RESTORE_BATCH:
                break
            if rid not in self._wanted:
                batch.append(rid)
        return batch

    def _answer_wanted(self, failed) -> None:
        """Answer the :meth:`restore_first` waiters whose room is no longer queued (True when it runs here now);
        the waiters of the rooms of ``failed`` (a batch whose read failed) with None (unavailable)."""
        for rid, fut in list(self._wanted.items()):
            lock = self._adopting.get(rid)
            if rid in failed:
                answer = None
            elif rid not in self._queued and not (lock is not None and lock.locked()):
                answer = rid in self.rooms
            else:
                continue
            self._wanted.pop(rid)
            if not fut.done():
                fut.set_result(answer)

    async def _answer_after_adopt(self, room_id: str, fut: asyncio.Future) -> None:
        answer = await self.adopt(room_id)
        if not fut.done():
            fut.set_result(answer)

    def queued(self, room_id: str) -> bool:
        """True while ``room_id`` is a stored room the start-up restore has not restored here yet (it exists: a
        message for it restores it first, :meth:`restore_first`)."""
        return room_id in self._queued

    async def restore_first(self, room_id: str) -> bool:
        """Restore ``room_id`` now when it is queued for the start-up restore (a message came for it before its
        turn: a join, a claim, a status): it goes into the next batch (:meth:`_next_batch`), and this waits for
        it; True when the room runs here afterwards. False at once for any other room (no store read: an unknown
        id costs nothing). Raises BusError ``unavailable`` when the store cannot be read."""
        if room_id not in self._queued:
            return room_id in self.rooms
        lock = self._adopting.get(room_id)
        if self._restorer is None or self._restorer.done() or (lock is not None and lock.locked()):
            return await self.adopt(room_id)
        fut = self._wanted.get(room_id)
        if fut is None:
            fut = self._wanted[room_id] = asyncio.get_running_loop().create_future()
        answer = await asyncio.shield(fut)
        if answer is None:
            raise BusError("unavailable", "The room's stored state cannot be read now; try again.")
        return answer

    async def _adopt_batch(self, ids: list[str]) -> None:
        """Adopt the rooms ``ids`` together: take each one's ownership (:meth:`adopt`'s order: ownership, then the
        store), read all of them in one batched store read (``RoomStore.load_many``), restore them (and their
        journals) in one worker thread call, start them. A room that another call is adopting right now is left to
        it. Raises BusError when the store read (or, on Redis, taking a lease) fails: the rooms are given up and stay
        queued, and a message that reached one of their inboxes meanwhile is answered ``unavailable`` (the client
        retries; server/room/room.py ``refuse_queued``)."""
        locks, owned = [], {}
        try:
            try:
                for rid in ids:
                    lock = self._adopting.setdefault(rid, asyncio.Lock())
                    if lock.locked():
                        continue                    # restore_first has it
                    await lock.acquire()
                    locks.append(lock)
                    if rid in self.rooms:
                        self._queued.pop(rid, None)
                        continue
                    try:
                        owned[rid] = await self.bus.mailbox.open_inbox(rid, restore=True)
                    except BusError as e:
                        if e.code == "unavailable":
                            raise                    # Redis unreachable: the whole batch is tried again
                        self._queued.pop(rid, None)  # another process owns it (Redis), or it is gone
                if not owned:
                    return
                stored = await self.bus.store.load_many(list(owned))
                items = [(rid, stored.get(rid)) for rid in owned]
                made = await asyncio.to_thread(self._restore_many, items)
            except BaseException:           # the read failed, or shutdown: give the rooms up, they stay stored
                for rid, inbox in owned.items():
                    await self._give_up(rid, inbox, False)     # (still queued: a join that came meanwhile retries)
                raise
            for (rid, _), room in zip(items, made):
                self._queued.pop(rid, None)
                await self._started(rid, owned[rid], room)
        finally:
            for lock in locks:
                lock.release()

    def _restore_many(self, items: list) -> list:
        """:meth:`_restore` of each ``(room_id, (blob, entries) | None)``, in a worker thread: the rooms, or the
        exception that stopped each one."""
        out = []
        for rid, got in items:
            try:
                if got is None:
                    raise KeyError(f"no snapshot for room {rid}")
                out.append(self._restore(*got))
            except Exception as e:
                out.append(e)
        return out

    async def _started(self, room_id: str, inbox, room) -> bool:
        """Start a restored ``room`` with its ``inbox`` and reseat its bots; ``room`` an exception: log it, give the
        ownership up (the snapshot is kept). True when started."""
        if isinstance(room, BaseException):
            log.error("cannot restore room %s; snapshot kept", room_id, exc_info=room)
            await self.bus.mailbox.close_inbox(room_id)
            await refuse_queued(self.bus, room_id, inbox)   # e.g. a join that came while it was being restored
            return False
        room.inbox = inbox
        bots = self._rearm_bots(room)
        self._start(room)
        log.info("room %s restored at v%d", room_id, room.v)
        for policy, token in bots:
            try:
                await self.seat_bot(room_id, policy, token)
            except Exception:
                log.exception("room %s: the computer seat could not be restored", room_id)
        return True

    async def adopt(self, room_id: str) -> bool:
        """Become the owner of a stored room nobody owns (start-up, or its owner died) and start its task.

        Takes the bus ownership first (on Redis: the lease, with a new fencing epoch), then reads the snapshot, so
        the snapshot read is the newest one. Returns False when another process owns the room, there is no
        snapshot, or the snapshot cannot be restored (it is kept; the error is logged). Cancelled half-way, it gives
        the room up again (:meth:`_give_up`): a cancelled caller never leaves an open inbox without a room.
        """
        lock = self._adopting.setdefault(room_id, asyncio.Lock())
        async with lock:
            queued = room_id in self._queued
            self._queued.pop(room_id, None)
            if room_id in self.rooms:
                return True
            try:
                inbox = await self.bus.mailbox.open_inbox(room_id, restore=True)
            except BusError:
                return False
            try:
                blob = await self.bus.store.load(room_id)
                if blob is None:
                    raise KeyError(f"no snapshot for room {room_id}")
                entries = await self.bus.store.load_log(room_id)
                room = await asyncio.to_thread(self._restore, blob, entries)
            except Exception as e:
                room = e
            except BaseException:       # cancelled (shutdown, or the caller went away): give the room up as it was
                await self._give_up(room_id, inbox, queued)
                raise
            return await self._started(room_id, inbox, room)

    async def _give_up(self, room_id: str, inbox, queued: bool) -> None:
        """Undo an adoption stopped half-way: close the room's inbox (on Redis: release the lease) so that no
        message waits in an inbox nobody reads, answer what reached it ``unavailable`` (the client retries), and
        put the room back into the start-up queue when it was there (else a later message restores it)."""
        await self.bus.mailbox.close_inbox(room_id)
        await refuse_queued(self.bus, room_id, inbox, "unavailable")
        if queued:
            self._queued[room_id] = None

    def _restore(self, blob: bytes, entries: list[bytes]) -> Room:
        """``Room.restore`` (replays the log entries after the snapshot) and its journal (rebuilt when the snapshot
        kept none: the largest part, ~50 ms for a mid-game room), run in a worker thread by :meth:`adopt` and
        :meth:`_adopt_batch` so that the event loop keeps serving the other rooms and renewing the leases meanwhile.
        The room is not started yet: nothing else touches it or its game."""
        room = Room.restore(blob, self.engine, self.bus, self.settings, self.metrics, entries)
        if room.game is not None:
            room.journal
        return room

    def _rearm_bots(self, room: Room) -> list[tuple[str, str]]:
        """A restored room's computer seats get a fresh seat token (only its hash was stored) so a new bot can
        take them: ``[(policy, token)]``, [] when the game is over or nobody reseats bots."""
        if self.seat_bot is None or room.status is RoomStatus.FINISHED:
            return []
        out = []
        for seat, policy in room.seats.bots.items():
            out.append((policy, room.seats.issue(int(seat))))
        return out

    async def shutdown(self, timeout: float = 5.0) -> None:
        """Stop the start-up restore (rooms not restored yet stay stored as they are), snapshot every room and stop
        its task (clients get 1012 and reconnect to the next process)."""
        if self._restorer is not None and not self._restorer.done():
            self._restorer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._restorer
        for rid in list(self.rooms):
            try:
                await self.bus.mailbox.send(rid, m.Shutdown())
            except Exception:
                self.tasks[rid].cancel()
        tasks = list(self.tasks.values())
        if tasks:
            done, pending = await asyncio.wait(tasks, timeout=timeout)
            for t in pending:
                t.cancel()
