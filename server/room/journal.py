"""The room's journal: the complete game log per viewer (server/journal.py ``Journal``), kept from the deal on.

Interface (:class:`RoomJournal`, one per room): ``get() -> Journal`` (a created room starts one at the deal; a
restored room rebuilds it from the game as dealt (seed and decks, or the tutorial part) and its action log when first
asked, unless its snapshot kept it);
``held`` (it exists now); ``reset()`` (the deal starts a new one on first use); ``settled()`` (an action's frames
are built); ``pack() -> bytes | None`` and ``unpack(blob)`` (the snapshot's ``journal`` field: msgpack, zlib).
"""
from __future__ import annotations

import logging
import zlib

import msgpack

from ..journal import Journal
from ..tutorial import new_game

log = logging.getLogger("server.room")


class RoomJournal:
    """The journal of one room (module docstring); ``room`` gives the engine, seed, decks and game to rebuild it."""

    __slots__ = ("room", "journal")

    def __init__(self, room) -> None:
        self.room = room
        self.journal: Journal | None = None

    @property
    def held(self) -> bool:
        """The journal exists (built, restored or rebuilt already)."""
        return self.journal is not None

    def get(self) -> Journal:
        """The journal, rebuilt from the game as the room dealt it (its seed and decks, or its tutorial part) and
        the action log when first needed (an empty one starting at the current version if the log does not
        replay: logged and kept going)."""
        if self.journal is None:
            r = self.room
            try:
                self.journal = Journal.rebuild(r.engine, r.seed, r.decks, r.game.log,
                                               start=new_game(r.engine, r.options, r.seed, r.decks))
            except Exception:
                log.exception("room %s: the game log could not be rebuilt", r.id)
                self.journal = Journal()
                self.journal.record(r.game, None)
        return self.journal

    def reset(self) -> None:
        """Forget the journal (the deal: started afresh on first use)."""
        self.journal = None

    def settled(self) -> None:
        """An action's frames are built (the journal may pack what is closed)."""
        if self.journal is not None:
            self.journal.settled()

    def pack(self) -> bytes | None:
        """The journal as a snapshot keeps it (:meth:`Journal.to_state`, msgpack, zlib level 1), or None while
        there is none. Server-side state: no frame carries it (each view carries only its viewer's journal)."""
        if self.room.game is None or self.journal is None:
            return None
        return zlib.compress(msgpack.packb(self.journal.to_state(), use_bin_type=True), 1)

    def unpack(self, blob: bytes) -> None:
        """Take the journal a snapshot kept; one that does not read back is logged and left to be rebuilt."""
        try:
            self.journal = Journal.from_state(msgpack.unpackb(zlib.decompress(blob), strict_map_key=False))
        except Exception:
            log.exception("room %s: the snapshot's journal could not be read; rebuilding it", self.room.id)
            self.journal = None
