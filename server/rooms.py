"""The rooms this process owns: creates them, runs each as its own task, restores them from snapshots at start-up
(and, on a networked bus, adopts rooms whose owner died) and snapshots them at shutdown (issue items 6 and 8)."""
from __future__ import annotations

import asyncio
import logging
import secrets

from .bus import Bus, BusError
from .bus import messages as m
from .metrics import Metrics
from .room import Room, RoomStatus, hash_token
from .settings import Settings

log = logging.getLogger("server.rooms")


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
        """Start a room for every stored snapshot nobody owns; returns how many were restored."""
        n = 0
        for rid in await self.bus.store.ids():
            if rid not in self.rooms and await self.adopt(rid):
                n += 1
        return n

    async def adopt(self, room_id: str) -> bool:
        """Become the owner of a stored room nobody owns (start-up, or its owner died) and start its task.

        Takes the bus ownership first (on Redis: the lease, with a new fencing epoch), then reads the snapshot, so
        the snapshot read is the newest one. Returns False when another process owns the room, there is no
        snapshot, or the snapshot cannot be restored (it is kept; the error is logged).
        """
        lock = self._adopting.setdefault(room_id, asyncio.Lock())
        async with lock:
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
            except Exception:
                log.exception("cannot restore room %s; snapshot kept", room_id)
                await self.bus.mailbox.close_inbox(room_id)
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

    def _restore(self, blob: bytes, entries: list[bytes]) -> Room:
        """``Room.restore`` (replays the log entries after the snapshot), run in a worker thread by :meth:`adopt`
        so that the event loop keeps serving the other rooms and renewing the leases meanwhile. The room is not
        started yet: nothing else touches it or its game. (Its journal is rebuilt by the room's task, also off the
        loop: ``Room.run``.)"""
        return Room.restore(blob, self.engine, self.bus, self.settings, self.metrics, entries)

    def _rearm_bots(self, room: Room) -> list[tuple[str, str]]:
        """A restored room's computer seats get a fresh seat token (only its hash was stored) so a new bot can
        take them: ``[(policy, token)]``, [] when the game is over or nobody reseats bots."""
        if self.seat_bot is None or room.status is RoomStatus.FINISHED:
            return []
        out = []
        for seat, policy in room.bots.items():
            token = secrets.token_urlsafe(32)
            room.tokens[int(seat)] = hash_token(token)
            out.append((policy, token))
        return out

    async def shutdown(self, timeout: float = 5.0) -> None:
        """Snapshot every room and stop its task (clients get 1012 and reconnect to the next process)."""
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
