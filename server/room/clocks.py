"""The room's clocks and timers: the seats' banks (server/clock.py ``Clocks``, ``room.clocks``), the loss on time,
and the room's own time limits (a finished room kept as a replay for ``replay_ttl``, a tutorial's only while its
learner may come back to it, :func:`closes_at`; an unconnected room closed after ``idle_timeout``, or
``waiting_timeout`` while seat 2 is free).

Interface: :func:`timeout` ``(room) -> float`` (seconds until the next deadline: the inbox wait), :func:`tick`
``(room)`` (after each wait: an empty bank, an expired replay or idle time), :func:`running` ``(room)``.
"""
from __future__ import annotations

import time

from .. import store_outage, wire
from ..tutorial import LEARNER
from .broadcast import broadcast_applied
from .status import RoomStatus


def running(room) -> bool:
    """The game is under way (the banks may run)."""
    return room.status in (RoomStatus.PRELIMINARY, RoomStatus.PLAYING)


def idle_limit(room) -> float:
    """Seconds an unconnected room may live: ``waiting_timeout`` while nobody has taken seat 2 (so that unused
    rooms cannot fill the process; a tutorial's room only ``tutorial_wait``: its computer sits down as it is made,
    and one that did not answered its learner with an error), else ``idle_timeout``."""
    if room.status is RoomStatus.WAITING:
        limit = min(room.settings.waiting_timeout, room.settings.idle_timeout)
        return min(limit, room.settings.tutorial_wait) if room.options.get("tutorial") else limit
    return room.settings.idle_timeout


def closes_at(room) -> float:
    """The monotonic instant a finished room closes: ``replay_ttl`` seconds after the end, as a replay that
    connections may watch and link to. A tutorial's room (server/tutorial.py) sooner: ``tutorial_wait`` seconds
    after the end or after its learner's last connection left, whichever is later, while no learner's connection
    is there. Nothing needs it once its learner has gone: its game is not recorded (no replay, no rating, no
    finished game in any list but the room itself), it has no rematch, and the guide's game-over state (what comes
    next, the part again in a new room) is kept by the learner's page (server/static/js/tutorial.js, ``over``); the
    wait lets a reloaded page find the game's end again."""
    end = room.finished_at + room.settings.replay_ttl
    gone = room.audience.seat_gone.get(LEARNER)
    if room.options.get("tutorial") and gone is not None:
        end = min(end, max(room.finished_at, gone) + room.settings.tutorial_wait)
    return end


def timeout(room) -> float:
    """Seconds until the room's next deadline (a bank running out, the replay's end, the idle limit; at most an
    hour)."""
    now = time.monotonic()
    times = [now + 3600.0, room.outage.due if room.outage.held else now + 3600.0]
    if running(room):
        for d in (room.clocks.deadline(now), room.away.deadline(now)):   # a bank, the grace of a seat away
            if d is not None:
                times.append(d)
    if room.finished_at is not None:       # a finished game is kept as a replay, connected or not
        times.append(closes_at(room))
    elif not room.audience.conns:
        times.append(room.audience.empty_since + idle_limit(room))
    return max(0.0, min(times) - now)


async def tick(room) -> None:
    """Act on what is due: an empty bank (:func:`on_time`), a finished room kept long enough (:func:`closes_at`)
    or an idle room (closed with 4010). A room holding a change its store did not commit only retries the commit (server/store_outage.py)."""
    if room.outage.held:
        await store_outage.retry(room)
        return
    now = time.monotonic()
    if running(room):
        p = room.clocks.expired(now)
        if p is not None:
            await on_time(room, p)
    if room.finished_at is not None:
        if now >= closes_at(room):
            await room.close(wire.CLOSE_ROOM_CLOSED)
    elif not room.audience.conns and now - room.audience.empty_since >= idle_limit(room):
        await room.close(wire.CLOSE_ROOM_CLOSED)


async def on_time(room, p: int) -> None:
    """Seat ``p``'s bank is empty: it passes where passing is legal, otherwise its player loses on time (the room's
    result names reason ``time``; the engine records a concession)."""
    if any(a.get("act") == "pass" for a in room.game.legal_actions(p)):
        room.apply(p, {"act": "pass"})
    else:
        room.apply(p, {"act": "concede", "reason": "time"})
        room.result = {"winner": 3 - p, "reason": "time"}
    await broadcast_applied(room, p, room.versions.advance(), None)
