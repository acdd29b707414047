"""The Bus: the seam between connections, room owners and storage (in-memory now, Redis later).

Everything that crosses it is plain data (dicts of str/int/bool/None/list/bytes, or bytes), so a Redis backend can
carry it as msgpack. Three traffic kinds:

1. **Inbox** (connection/lobby -> the room's owner): ``send(room_id, msg)`` puts a message into the room's inbox;
   the owner got that inbox from ``open_inbox(room_id)`` and is its only reader. ``call`` is a request/reply
   variant (the owner answers with ``reply(msg["reply_to"], answer)``).
2. **Frames** (room owner -> connections): ``deliver(conn_ids, frame, close)`` hands already-encoded per-viewer
   frame bytes to connections wherever they live; a connection registers its sink with ``attach_conn``. A sink must
   never block: it queues (bounded) or drops the connection itself.
3. **Storage**: room snapshots (``save_snapshot``/``load_snapshot``) and the lobby directory of room infos
   (``put_info``/``infos``) that every process can list.

Connection ids are ``"<process id>:<n>"`` (``Hub.process_id``), so a networked bus can route a frame to the process
holding the socket. Inbox message kinds (key ``"k"``), all sent by server code, never by clients directly:
``attach`` {conn, token, v, autopass}, ``detach`` {conn}, ``action`` {conn, id, v, action, ts},
``resync`` {conn}, ``claim`` {autopass, player, deck, label, reply_to} (HTTP "join": a free seat or one's own),
``deck`` {token, deck, label, reply_to}, ``rematch`` {player, reply_to}, ``chat`` {conn, text}, ``status``
{reply_to}, ``shutdown`` {}.
"""
from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from typing import Callable

#: A connection's sink: ``sink(frame_bytes_or_None, close_code_or_None)``; must not block or raise.
Sink = Callable[[bytes | None, int | None], None]


class BusError(Exception):
    """A bus operation that cannot be done: ``code`` (e.g. ``"room_not_found"``, ``"timeout"``) and a sentence."""

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class Inbox(ABC):
    """The receiving end of one room's inbox (only the room's owner reads it)."""

    @abstractmethod
    async def get(self, timeout: float | None) -> dict | None:
        """The next message, or None after ``timeout`` seconds (None = wait forever)."""


class Bus(ABC):
    """Interface every bus backend implements (see the module docstring for the message kinds).

    ``persistent``: True when saved snapshots outlive this process (rooms then save one after every change).
    """

    persistent: bool = False
    #: This process's id in connection ids (``"<process id>:<n>"``); empty = the app picks one (one-process buses).
    process_id: str = ""

    async def start(self) -> None:
        """Connect / load persisted state. Called once before use."""

    async def close(self) -> None:
        """Release resources. Snapshots saved before stay readable by the next process (if the backend persists)."""

    def bind(self, adopt=None, snapshot_sync=None) -> None:
        """Hooks of a networked bus (ignored by one-process buses): ``adopt(room_id) -> bool`` (async) restores and
        starts a room whose owner is gone; ``snapshot_sync(blob, token) -> [(frame, v, full)] | None`` builds the
        frames that resync one relayed connection from a stored snapshot."""

    def fault(self) -> str | None:
        """A sentence describing a backend fault (e.g. Redis unreachable), or None when healthy."""
        return None

    def metric_lines(self) -> list[str]:
        """Extra Prometheus exposition lines of the backend (``# HELP``/``# TYPE`` included)."""
        return []

    async def check_owner(self, room_id: str) -> bool:
        """Whether this process still owns ``room_id`` (False = fenced: the room must stop without writing)."""
        return True

    # -- inbox -------------------------------------------------------------------------------------------------
    @abstractmethod
    async def open_inbox(self, room_id: str, restore: bool = False) -> Inbox:
        """Become the owner of ``room_id`` and return its inbox. Raises BusError("room_exists") if owned already.

        ``restore``: the room is being restored from its stored snapshot (a networked bus then requires one and
        raises BusError("room_not_found") without it)."""

    @abstractmethod
    async def close_inbox(self, room_id: str) -> None:
        """Give up ownership; later ``send`` to the room raise BusError("room_not_found")."""

    @abstractmethod
    async def send(self, room_id: str, msg: dict) -> None:
        """Queue ``msg`` for the room's owner. Raises BusError("room_not_found") or BusError("room_busy")."""

    async def call(self, room_id: str, msg: dict, timeout: float = 5.0) -> dict:
        """Send ``msg`` with a fresh ``reply_to`` and wait for the owner's answer (a dict); the answer resolves the
        future registered in ``self._waiting`` (each backend's ``reply`` routes it there).

        Raises BusError("room_not_found"), BusError("room_busy"), BusError("unavailable") or BusError("timeout").
        """
        key = self._reply_key()
        fut = self._waiting[key] = asyncio.get_running_loop().create_future()
        try:
            await self.send(room_id, dict(msg, reply_to=key))
            return await asyncio.wait_for(fut, timeout)
        except (asyncio.TimeoutError, TimeoutError):
            raise BusError("timeout", "The room did not answer in time.") from None
        finally:
            self._waiting.pop(key, None)

    @abstractmethod
    def _reply_key(self) -> str:
        """A fresh ``reply_to`` key that routes the answer back to this bus (and process)."""

    @abstractmethod
    async def reply(self, reply_to: str, answer: dict) -> None:
        """Answer a ``call``; an answer nobody waits for any more is dropped silently."""

    # -- frames ------------------------------------------------------------------------------------------------
    @abstractmethod
    def attach_conn(self, conn_id: str, sink: Sink) -> None:
        """Register a local connection so frames delivered to ``conn_id`` reach ``sink``."""

    @abstractmethod
    def detach_conn(self, conn_id: str) -> None:
        """Unregister a connection; frames for it are dropped from now on."""

    @abstractmethod
    async def deliver(self, conn_ids: list[str], frame: bytes | None, close: int | None = None, *,
                      room: str | None = None, v: int | None = None, full: bool = False) -> None:
        """Give the same encoded frame (and/or a close code) to each connection. Never waits on a slow client.

        ``room``, ``v``, ``full`` describe a versioned frame for relays: ``v`` is the room version the frame brings
        its viewer to (a diff, or a sync when ``full``); None for frames outside the version sequence (errors,
        repeated answers, the end frame). A relay that sees a version gap resyncs from the stored snapshot."""

    # -- storage -----------------------------------------------------------------------------------------------
    @abstractmethod
    async def save_snapshot(self, room_id: str, blob: bytes) -> None:
        """Store the room's latest snapshot (replacing the previous one)."""

    @abstractmethod
    async def load_snapshot(self, room_id: str) -> bytes | None:
        """The room's latest snapshot, or None."""

    @abstractmethod
    async def delete_snapshot(self, room_id: str) -> None:
        """Forget the room's snapshot (room closed)."""

    @abstractmethod
    async def snapshot_ids(self) -> list[str]:
        """Ids of every room with a stored snapshot (to restore rooms at start-up)."""

    @abstractmethod
    async def put_info(self, room_id: str, info: dict) -> None:
        """Publish the room's lobby entry (JSON-like dict; no secrets)."""

    @abstractmethod
    async def drop_info(self, room_id: str) -> None:
        """Remove the room's lobby entry."""

    @abstractmethod
    async def infos(self) -> list[dict]:
        """Every published lobby entry."""

    @abstractmethod
    async def info(self, room_id: str) -> dict | None:
        """One lobby entry, or None."""


def make_bus(settings) -> Bus:
    """The bus the settings ask for: ``settings.redis`` non-empty -> :class:`server.bus.redis.RedisBus`, else
    the in-memory bus (one process)."""
    if settings.redis:
        from .redis import RedisBus
        return RedisBus(settings.redis, settings)
    from .memory import MemoryBus
    return MemoryBus(settings.snapshot_dir or None)
