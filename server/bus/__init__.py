"""The bus: the seams between connections, room owners and storage, as four small interfaces.

| module | holds |
|---|---|
| ``interfaces.py`` | :class:`Mailbox` (inbox + ownership), :class:`FanOut` (frames), :class:`RoomStore` (snapshots), :class:`LobbyDirectory` (lobby entries), :class:`BusError` |
| ``messages.py`` | the typed inbox messages (``Attach``, ``Act``, ``Claim`` ...) |
| ``memory.py`` | the four in one process |
| ``redis/`` | the four over Redis (any number of processes form one service; docs/scaling.md) |

:class:`Bus` bundles one of each with their shared lifecycle; the app holds it as ``hub.bus`` and code reaches a
seam as ``bus.mailbox``, ``bus.fanout``, ``bus.store``, ``bus.lobby``. Everything that crosses a seam is plain data
(messages of plain fields, bytes, JSON-like dicts), so a networked backend can carry it as msgpack. Connection ids
are ``"<process id>:<n>"`` (``Bus.process_id``), so a networked fan-out can route a frame to the process holding
the socket.
"""
from __future__ import annotations

from .bundle import Bus
from .interfaces import BusError, FanOut, Inbox, LobbyDirectory, Mailbox, Part, RoomStore, Sink

__all__ = ["Bus", "BusError", "FanOut", "Inbox", "LobbyDirectory", "Mailbox", "Part", "RoomStore", "Sink",
           "make_bus"]


def memory_bus(snapshot_dir: str | None = None, store: RoomStore | None = None) -> Bus:
    """The one-process bus; ``store`` replaces the in-memory room store (e.g. a SQL one), else snapshots live in
    memory (and in ``snapshot_dir`` when given)."""
    from .memory import MemoryFanOut, MemoryLobby, MemoryMailbox, MemoryRoomStore
    return Bus(MemoryMailbox(), MemoryFanOut(), store or MemoryRoomStore(snapshot_dir), MemoryLobby())


def make_bus(settings, store: RoomStore | None = None) -> Bus:
    """The bus the settings ask for: ``settings.redis`` non-empty -> the Redis bus (server/bus/redis/), else the
    in-memory bus (one process; ``store`` may replace its room store).

    Raises ValueError when a ``store`` is given together with Redis: the Redis room store's writes are fenced by the
    room's lease in the same atomic step, so it cannot be swapped."""
    if settings.redis:
        if store is not None:
            raise ValueError("The Redis bus keeps its own (fenced) room store; do not pass another one.")
        from .redis import RedisBus
        return RedisBus(settings.redis, settings)
    return memory_bus(settings.snapshot_dir or None, store)
