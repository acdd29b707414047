"""Relay bookkeeping of one process: the local connections attached to rooms, and the version-gap filter for frames
that arrive over pub/sub (docs/scaling.md "Relays").

Pub/sub is at-most-once, so every versioned frame carries ``v`` (the room version it brings its viewer to). A relay
remembers the last version each local connection received: a repeated or older frame is dropped, the next one is
passed on, and a jump (a frame was lost) makes the relay resync the connection from the snapshot stored in Redis,
which is never older than any broadcast frame (rooms commit before they broadcast).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..messages import Attach

PASS, DROP, GAP = "pass", "drop", "gap"


@dataclass
class RelayConn:
    """One local connection attached to a room (whoever owns it).

    ``attach``: the Attach message that attached it (re-sent when the room changes owner); ``last``: the last room
    version delivered to it (None before its first sync); ``owner``: the owner lease token (``"<process>:<epoch>"``)
    its last frame came from; ``confirmed``: some frame arrived since the last (re-)attach; ``sent_at``: monotonic
    time of that attach; ``resyncing`` / ``held``: a snapshot resync is running and the frames held meanwhile;
    ``waiting``: a version gap was seen and the frames after it are held while the missing one may still come (the
    owner's outbox retries frames in order; a frame that overtook another is not a lost one) until the owner's
    checkpoint tells; ``probe``: the generation of a probe whose checkpoint has not come yet (0: none); ``asked``:
    the owner was asked for a sync (a frame was lost for certain) and its full sync has not come yet; ``gen``:
    counts gaps and asks, so that a timer of an earlier one does nothing.
    """

    room: str
    attach: Attach
    last: int | None = None
    owner: str | None = None
    confirmed: bool = False
    sent_at: float = field(default_factory=time.monotonic)
    resyncing: bool = False
    waiting: bool = False
    held: list = field(default_factory=list)
    probe: int = 0
    asked: bool = False
    gen: int = 0

    def check(self, v: int | None, full: bool) -> str:
        """Decide about a frame for this connection: PASS (and advance ``last``), DROP (older than what it has)
        or GAP (a version was lost: resync). ``v`` None = not in the version sequence (always PASS)."""
        if v is None:
            return PASS
        if full:
            if self.last is not None and v < self.last:
                return DROP
            self.last = v
            return PASS
        if self.last is not None and v <= self.last:
            return DROP
        if self.last is None or v != self.last + 1:
            return GAP
        self.last = v
        return PASS
