"""``Bus``: the four seams of server/bus/interfaces.py bundled, started and closed together (re-exported by
:mod:`server.bus`, which also builds one: ``memory_bus``, ``make_bus``)."""
from __future__ import annotations

from .interfaces import LobbyDirectory, Mailbox, FanOut, Part, RoomStore


class Bus:
    """One mailbox, fan-out, room store and lobby directory, started and closed together.

    ``process_id``: this process's id in connection ids (empty = the app picks one; one-process buses).
    """

    process_id: str = ""

    def __init__(self, mailbox: Mailbox, fanout: FanOut, store: RoomStore, lobby: LobbyDirectory,
                 process_id: str = "") -> None:
        self.mailbox, self.fanout, self.store, self.lobby = mailbox, fanout, store, lobby
        self.process_id = process_id

    @property
    def persistent(self) -> bool:
        """True when saved snapshots outlive this process (rooms then save one after every change)."""
        return self.store.persistent

    def _parts(self) -> list[Part]:
        return [self.mailbox, self.fanout, self.store, self.lobby]

    async def start(self) -> None:
        """Start every part (connect, load persisted state). Called once before use; raises what a part raises."""
        for part in self._parts():
            await part.start()

    async def close(self) -> None:
        """Close every part, in reverse order. What was stored stays readable by the next process."""
        for part in reversed(self._parts()):
            await part.close()

    def bind(self, adopt=None, snapshot_sync=None, snapshot_version=None) -> None:
        """Hooks of a networked bus (ignored by one-process buses): ``adopt(room_id) -> bool`` (async) restores and
        starts a room whose owner is gone; ``snapshot_sync(blob, token, entries) -> [(frame, v, full)] | None``
        builds the frames that resync one relayed connection from a stored snapshot and the log entries written
        after it; ``snapshot_version(blob, entries) -> int`` reads the room version they hold."""

    def fault(self) -> str | None:
        """A sentence describing a backend fault (e.g. Redis unreachable), or None when healthy."""
        return None

    def keyed_records(self):
        """Records every process of the service shares (``claim`` / ``keep`` / ``drop``, server/idempotency.py
        ``KeyedRecords``), or None when the bus is one process's (its memory is then enough)."""
        return None

    def metric_lines(self) -> list[str]:
        """Extra Prometheus exposition lines of the backend (``# HELP``/``# TYPE`` included)."""
        return []
