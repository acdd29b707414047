"""A player away: a seat whose last connection is gone while the game runs (docs/server.md "Leavers and aborts").
Every other viewer learns it at once (a ``clocks`` frame whose ``away`` is seat -> ms of grace left: the clocks alone,
not a whole sync, docs/protocol.md §3) and the seat's bank is held (server/clock.py); a returning connection ends it.

Interface: :class:`Away` (``room.away``), :func:`clock_frame` ``(room, now)`` (the frames' ``clocks``),
:func:`went_away` / :func:`came_back` (broadcast.py, a seat's last connection gone / back), :func:`presence_changed`.
"""
from __future__ import annotations

import time

from protocol.messages import Clocks

from .status import RoomStatus


def _running(room) -> bool:
    return room.status in (RoomStatus.PRELIMINARY, RoomStatus.PLAYING)


class Away:
    """The seats whose last connection is gone: seat -> the monotonic instant it went (``grace`` in seconds, the
    room's grace period; a seat may be given a shorter one when it goes, :meth:`left`)."""

    def __init__(self, grace: float) -> None:
        self.grace = float(grace)
        self.since: dict[int, float] = {}
        self.graces: dict[int, float] = {}   # away seats waited for other than ``grace`` seconds (:meth:`left`)
        self.told: set[int] = set()        # seats whose grace end has been announced (:meth:`due`)

    def left(self, p: int, now: float, grace: float | None = None) -> None:
        """Seat ``p`` lost its last connection at ``now`` (an earlier departure is kept, with its grace).
        ``grace``: the seconds this seat is waited for, when not the room's ``grace``."""
        if p in self.since:
            return
        self.since[p] = now
        if grace is not None:
            self.graces[p] = float(grace)

    def back(self, p: int) -> None:
        """Seat ``p`` has a connection again."""
        self.since.pop(p, None)
        self.graces.pop(p, None)
        self.told.discard(p)

    def _end(self, p: int) -> float:
        return self.since[p] + self.graces.get(p, self.grace)

    def due(self, now: float) -> list[int]:
        """The away seats whose grace period has ended since the last call (each named once)."""
        out = [p for p in sorted(self.since) if self._end(p) <= now and p not in self.told]
        self.told.update(out)
        return out

    def grace_left(self, p: int, now: float) -> float | None:
        """Seconds of ``p``'s grace period left (0 once over), or None when ``p`` is not away."""
        return None if p not in self.since else max(0.0, self._end(p) - now)

    def deadline(self, now: float) -> float | None:
        """The earliest end of a grace period not yet announced (:meth:`due`), or None. It may lie before ``now``:
        an event loop whose timers run on a coarser clock (uvloop's is in whole milliseconds) can wake the room a
        little before the instant, and the end must still be announced on the next wake."""
        ends = [self._end(p) for p in self.since if p not in self.told]
        return min(ends) if ends else None

    def wire(self, now: float) -> dict | None:
        """``{"<seat>": ms of grace left}`` for the frames, or None when nobody is away."""
        if not self.since:
            return None
        return {str(p): int(self.grace_left(p, now) * 1000) for p in sorted(self.since)}


def clock_frame(room, now: float) -> dict | None:
    """The frames' ``clocks``: the banks (server/clock.py ``to_wire``; None without a clock) and, while a seat is
    away, ``"away": {"<seat>": ms of grace left}`` (then a dict even without a clock)."""
    banks = room.clocks.to_wire(now)
    away = room.away.wire(now) if _running(room) else None
    return banks if away is None else dict(banks or {}, away=away)


async def presence_changed(room, skip: str | None = None) -> None:
    """A seat went away or came back, or its grace ended: every connection but ``skip`` gets the room's clocks at
    once (a ``Clocks`` frame at the room's version: the notice and the held clock show without a whole sync, which
    would redraw the view and, for a relayed connection, cost a full view over Redis; the version does not move, so
    no connection misses a diff). The same frame for every viewer: clocks hold no hidden information."""
    conns = [c for c in room.audience.conns if c != skip]
    if conns:
        v = room.store.logged_v if room.outage.held else room.v      # a held change was sent to nobody
        await room.audience.send(conns, Clocks(v, clock_frame(room, time.monotonic())))


async def went_away(room, seat: int) -> None:
    """Seat ``seat``'s last connection is gone: while the game runs it is away, and everyone hears of it."""
    if _running(room):
        room.away.left(seat, time.monotonic())
        await presence_changed(room)


def came_back(room, seat) -> bool:
    """A connection of ``seat`` (None: a spectator) joined: True when that seat was away (the caller announces it
    once the newcomer is synced)."""
    if seat is None or seat not in room.away.since:
        return False
    room.away.back(seat)
    return True
