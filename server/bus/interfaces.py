"""The four small seams between connections, room owners and storage (docs/server.md "Public seams").

| interface | who uses it | what crosses it |
|---|---|---|
| :class:`Mailbox` | connections, the lobby, bots -> the room's owner | typed inbox messages (server/bus/messages.py); ownership of a room (``open_inbox``), request/reply (``call``) |
| :class:`FanOut` | the room's owner -> connections | already-encoded per-viewer frame bytes and close codes |
| :class:`RoomStore` | rooms (commit, restore, adoption) | one opaque snapshot blob per room |
| :class:`LobbyDirectory` | rooms (publish), the lobby (list) | one JSON-like lobby entry per room (``Room.info``) |

Each has a memory implementation (server/bus/memory.py) and a Redis one (server/bus/redis/). Every method that can
fail raises :class:`BusError` with a stable ``code``; nothing else escapes (backend exceptions such as RedisError are
translated). Every part may need a start (connect, load) and a stop: :class:`Part` gives both as no-ops.
"""
from __future__ import annotations

import asyncio
import dataclasses
from abc import ABC, abstractmethod
from typing import Callable

#: A connection's sink: ``sink(frame_bytes_or_None, close_code_or_None)``; must not block or raise.
Sink = Callable[[bytes | None, int | None], None]
#: A connection's optional sink of several frames at once, in order (e.g. one socket write): ``sink_all(frames)``;
#: must not block or raise.
SinkAll = Callable[[list[bytes]], None]


def hand_over(sinks: dict[str, Sink], sinks_all: dict[str, SinkAll], by_conn: dict[str, list[bytes]]) -> None:
    """Give each local connection its frames of one change (``by_conn``: connection id -> frames in order): to
    its ``sink_all`` at once when it has one and more than one frame, else one by one to its sink; connections
    without a sink are skipped (``FanOut.deliver_all``)."""
    for cid, frames in by_conn.items():
        sink_all = sinks_all.get(cid) if len(frames) > 1 else None
        if sink_all is not None:
            sink_all(frames)
            continue
        sink = sinks.get(cid)
        if sink is not None:
            for frame in frames:
                sink(frame, None)


class BusError(Exception):
    """A bus operation that cannot be done: ``code`` and a sentence (``message``).

    Codes: ``room_not_found`` (no such room, or it closed), ``room_exists`` (the room already has an owner),
    ``room_busy`` (the owner's inbox is full: try again later), ``unavailable`` (the backend cannot be reached, or
    the room's owner does not answer: nothing changed, try again), ``timeout`` (a ``call`` got no answer in time),
    ``fenced`` (another process owns the room now: this one must write nothing more), ``snapshot_needed``
    (``RoomStore.append``: the store holds no snapshot to append to, e.g. Redis lost its data; store a whole one).
    """

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class Part:
    """Lifecycle shared by every seam: ``start`` once before use, ``close`` once at the end (both no-ops here)."""

    async def start(self) -> None:
        """Connect or load persisted state. Raises the backend's error when it cannot start at all."""

    async def close(self) -> None:
        """Release resources; what was stored stays readable by the next process (when the backend persists)."""


class Inbox(ABC):
    """The receiving end of one room's inbox (only the room's owner reads it)."""

    @abstractmethod
    async def get(self, timeout: float | None):
        """The next inbox message (a server/bus/messages.py dataclass), or None after ``timeout`` seconds
        (None = wait forever; 0 = only what is queued already)."""


class Mailbox(Part, ABC):
    """Inbox traffic to a room's owner, and the ownership itself (one owner per room, service-wide).

    Subclasses set ``self._waiting: dict[str, asyncio.Future] = {}`` (the calls waiting for an answer)."""

    _waiting: dict
    #: ``async restore_first(room_id) -> bool``, set by the rooms (server/rooms.py ``Rooms.restore_first``): a
    #: mailbox that finds no owner for a message asks it first, so a message for a stored room not restored yet
    #: (the start-up restore runs while the server serves) restores that room before it is delivered. None: no hook.
    restore_first = None

    @abstractmethod
    async def open_inbox(self, room_id: str, restore: bool = False) -> Inbox:
        """Become the owner of ``room_id`` and return its inbox (on Redis: take the lease with a new fencing epoch).

        ``restore``: the room is being restored from its stored snapshot (a networked mailbox then requires one).
        Raises BusError ``room_exists`` (owned already), ``room_not_found`` (``restore`` without a snapshot),
        ``unavailable`` (backend down)."""

    @abstractmethod
    async def close_inbox(self, room_id: str) -> None:
        """Give up ownership (later ``send`` raise ``room_not_found``). Never raises."""

    @abstractmethod
    async def send(self, room_id: str, msg) -> None:
        """Queue one inbox message for the room's owner, wherever it runs.

        Raises BusError ``room_not_found``, ``room_busy`` (the inbox is full) or ``unavailable`` (the backend is
        down, or the owner cannot be reached in time: nothing was delivered); never for a ``Detach``, which is
        always queued, or kept and delivered once the owner can be reached (server/bus/redis/mailbox.py)."""

    async def call(self, room_id: str, msg, timeout: float = 5.0) -> dict:
        """Send ``msg`` (a message with a ``reply_to`` field, e.g. Claim or Status) with a fresh ``reply_to`` and
        wait for the owner's answer (a dict). Raises like :meth:`send`, and BusError ``timeout``.

        The answer resolves the future registered under the key in ``self._waiting`` (each backend's ``reply``
        routes it there)."""
        key = self._reply_key()
        fut = self._waiting[key] = asyncio.get_running_loop().create_future()
        try:
            await self.send(room_id, dataclasses.replace(msg, reply_to=key))
            return await asyncio.wait_for(fut, timeout)
        except (asyncio.TimeoutError, TimeoutError):
            raise BusError("timeout", "The room did not answer in time.") from None
        finally:
            self._waiting.pop(key, None)

    @abstractmethod
    def _reply_key(self) -> str:
        """A fresh ``reply_to`` key that routes the answer back to this mailbox (and process)."""

    @abstractmethod
    async def reply(self, reply_to: str, answer: dict) -> None:
        """Answer a ``call`` (the owner does this); an answer nobody waits for any more is dropped. Never raises."""

    def _answer(self, reply_to: str, answer: dict) -> None:
        """Resolve the local ``call`` waiting on ``reply_to`` (if any)."""
        fut = self._waiting.get(reply_to)
        if fut is not None and not fut.done():
            fut.set_result(answer)

    async def check_owner(self, room_id: str) -> bool:
        """Whether this process still owns ``room_id`` (False = fenced: the room must stop without writing)."""
        return True


class FanOut(Part, ABC):
    """Frames from a room's owner to connections, wherever the sockets are (connection ids ``"<process>:<n>"``)."""

    @abstractmethod
    def attach_conn(self, conn_id: str, sink: Sink, sink_all: SinkAll | None = None) -> None:
        """Register a local connection so frames delivered to ``conn_id`` reach ``sink``; ``sink_all``, when
        given, may take the several frames :meth:`deliver_all` has for it at once instead."""

    @abstractmethod
    def detach_conn(self, conn_id: str) -> None:
        """Unregister a connection; frames for it are dropped from now on."""

    @abstractmethod
    async def deliver(self, conn_ids: list[str], frame: bytes | None, close: int | None = None, *,
                      room: str | None = None, v: int | None = None, full: bool = False,
                      published: frozenset = frozenset()) -> None:
        """Give the same encoded frame (and/or a close code) to each connection. Never waits on a slow client and
        never raises (a frame that cannot be relayed is lost like any pub/sub frame; relays heal by resyncing).

        ``room``, ``v``, ``full`` describe a versioned frame for relays: ``v`` is the room version the frame brings
        its viewer to (a diff, or a sync when ``full``); None for frames outside the version sequence (errors,
        repeated answers, the end frame). A relay that sees a version gap resyncs from the stored snapshot.
        ``published``: processes that already received this frame with the room's commit (:meth:`carry`); their
        connections are skipped."""

    async def deliver_all(self, room: str, sends: list[tuple], carry: "Carry | None" = None) -> None:
        """Deliver the frames of one change, ``[(conn_ids, frame, v, full)]`` in order, as :meth:`deliver` does
        each (``carry``: what rode with the commit, :meth:`carry`). A fan-out may hand a connection its frames of
        the change together (its ``sink_all``); each connection still gets its frames in order. The default
        delivers them one by one."""
        for i, (conns, frame, v, full) in enumerate(sends):
            await self.deliver(conns, frame, room=room, v=v, full=full,
                               published=carry.published(i) if carry is not None else frozenset())

    def carry(self, room: str, sends: list[tuple]) -> "Carry | None":
        """Offer the frames of one change, ``[(conn_ids, frame, v, full)]`` in delivery order, to ride with the
        room's next commit (``RoomStore.append(..., carry=...)``), so that other processes receive them in the
        same step that makes the change durable instead of one round trip later. None (the
        default) when this fan-out cannot; the room then delivers every frame after the commit as usual, and
        after it passes ``carry.published(i)`` to :meth:`deliver` for frame ``i``."""
        return None


class Carry:
    """Frames offered to ride with a commit (:meth:`FanOut.carry`): ``args`` for the store, and after the commit
    ``received`` (per carried message, how many subscribers got it; None when the commit did not publish them)."""

    def __init__(self, items: list[tuple[int, str]], args: list) -> None:
        self.items = items          # [(frame index, process id)] in publish order
        self.args = args            # [channel, data, channel, data, ...] for the store's script
        self.received: list[int] | None = None

    def published(self, i: int) -> frozenset:
        """The processes that received frame ``i`` with the commit (empty when nothing was published)."""
        if self.received is None:
            return frozenset()
        return frozenset(pid for (j, pid), n in zip(self.items, self.received) if j == i and int(n) > 0)

    async def checkpoint(self, conn_ids: list[str], room: str, v: int | None) -> None:
        """Answer a relay's ``Probe``: tell each connection's relay that every frame of ``room`` sent to it before
        this call brought it to ``v`` at most (None: the room does not know the connection). Ordered after those
        frames; nothing for local connections (they cannot lose frames). Never raises."""


class RoomStore(Part, ABC):
    """Room snapshots (opaque bytes, server.room ``Room.snapshot``), one per room, newest only, and on stores
    with ``appends`` the log of changes written since it.

    ``persistent``: True when saved snapshots outlive this process (rooms then save one after every change and
    are restored at start-up).
    """

    persistent: bool = False
    #: True when the store also keeps an append-only log of the changes after each snapshot (``append``,
    #: ``load_log``): rooms then append one small entry per change and save a whole snapshot only every
    #: ``settings.snapshot_every`` entries (server/store/rooms.py).
    appends: bool = False

    async def append(self, room_id: str, seq: int, entry: bytes, carry: Carry | None = None) -> None:
        """Append one change (opaque bytes, server/room/persistence.py ``log_entry``; ``seq`` increases by one per
        entry) after the room's snapshot. Only stores with ``appends``; a ``save`` drops the room's entries.
        ``carry``: frames of the change to publish in the same atomic step, only once the entry is written
        (:meth:`FanOut.carry`; stores that cannot ignore it and leave ``carry.received`` None).
        Raises BusError ``unavailable``, ``fenced``, or ``snapshot_needed`` (nothing written: ``save`` instead)."""
        raise BusError("unavailable", "This room store keeps no log.")

    async def load_log(self, room_id: str) -> list[bytes]:
        """The entries appended since the room's last snapshot, in order ([] for stores without ``appends``)."""
        return []

    async def load_many(self, room_ids: list[str]) -> dict[str, tuple[bytes, list[bytes]]]:
        """``{room_id: (snapshot, entries since it)}`` of each of ``room_ids`` that has a snapshot (rooms without
        one are left out), for restoring many rooms at once (start-up, server/rooms.py): stores override it to read
        them in a few batched queries or round trips; this default reads them one by one (:meth:`load`,
        :meth:`load_log`). Raises BusError ``unavailable``."""
        out = {}
        for room_id in room_ids:
            blob = await self.load(room_id)
            if blob is not None:
                out[room_id] = (blob, await self.load_log(room_id))
        return out

    @abstractmethod
    async def save(self, room_id: str, blob: bytes) -> None:
        """Store the room's latest snapshot (replacing the previous one). Raises BusError ``fenced`` (Redis: this
        process lost the room's lease; nothing was written); waits while the backend is unreachable."""

    @abstractmethod
    async def load(self, room_id: str) -> bytes | None:
        """The room's latest snapshot, or None. Raises BusError ``unavailable``."""

    @abstractmethod
    async def delete(self, room_id: str) -> None:
        """Forget the room's snapshot (room closed). Raises BusError ``fenced``."""

    @abstractmethod
    async def ids(self) -> list[str]:
        """Ids of every room with a stored snapshot (to restore rooms at start-up). Raises BusError
        ``unavailable``."""


class LobbyDirectory(Part, ABC):
    """The lobby entries of every room of the service (JSON-like dicts, no secrets: server.room ``Room.info``)."""

    @abstractmethod
    async def put(self, room_id: str, info: dict) -> None:
        """Publish the room's entry (an unchanged entry may be skipped; lost while the backend is down). Raises
        BusError ``fenced``."""

    @abstractmethod
    async def drop(self, room_id: str) -> None:
        """Remove the room's entry. Raises BusError ``fenced``."""

    @abstractmethod
    async def list(self) -> list[dict]:
        """Every published entry. Raises BusError ``unavailable``."""

    @abstractmethod
    async def get(self, room_id: str) -> dict | None:
        """One entry, or None. Raises BusError ``unavailable``."""
