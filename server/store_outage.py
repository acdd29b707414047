"""A room whose store failed: acknowledged means durable, also while the store is down (docs/reliability.md
"When the store fails").

The room applies an action in memory and then commits it (server/room.py ``Room._commit``); only a committed change
is broadcast. When the commit raises BusError ``unavailable`` (PostgreSQL stopped, the SQLite disk full), the room is
*held*: the change stays in memory but nobody hears of it. The frames built for it are kept, not sent; the acting
player is answered ``unavailable`` (carrying its action id and the last committed version); every connection gets an
``unavailable`` error without an id, the notice the client shows (i18n ``err_unavailable``, Russian and English).
While held, the room takes no action (each is answered ``unavailable`` before the ledger is read, so the ledger never
answers an id that is not committed), admits no join (``unavailable`` + 1013, the browser reconnects), answers
calls (claims, decks, rematches) ``unavailable`` (HTTP 503), runs no clock (``Clocks.pause`` when the hold begins,
``Clocks.resume`` when it ends: the held time is charged to nobody's bank) and does not close for idleness. (A call
whose own commit fails is undone in memory instead, :func:`call`, and answered ``unavailable``.) It retries the commit on its own, :data:`RETRY_FIRST` seconds after the failure, doubling up to :data:`RETRY_MAX`;
once it commits, the kept frames go out in order and play goes on. A ``kill -9`` while held restarts the room at its
last committed version: the held change was never acknowledged, so nothing acknowledged is lost.

:class:`StoreHealth` is the process's view of the SQL store for ``/healthz``: 503 while some room is held or a write
probe of the store failed (the probe runs at most every :data:`PROBE_EVERY` seconds).
"""
from __future__ import annotations

import asyncio
import copy
import logging
import time

from protocol.messages import Error

from . import wire
from .bus import messages as m
from .bus.interfaces import BusError

log = logging.getLogger("berserk.store_outage")

RETRY_FIRST, RETRY_MAX = 0.5, 5.0     # seconds between commit retries of a held room
PROBE_EVERY = 1.0                     # seconds a /healthz write probe result is kept
PROBE_TIMEOUT = 2.0                   # seconds a write probe may take before the store counts as not writable
NOTICE = "The game's store cannot be written right now; play goes on as soon as it can."


class Outage:
    """One room's held state: ``sends`` (the frames of the uncommitted change, as ``Room._after_apply`` builds
    them: ``[(conns, data, v, full)]``), ``due`` (monotonic time of the next retry), ``delay`` (seconds)."""

    __slots__ = ("sends", "due", "delay", "since")

    def __init__(self) -> None:
        self.sends: list | None = None
        self.due = 0.0
        self.delay = RETRY_FIRST
        self.since = 0.0

    @property
    def held(self) -> bool:
        """True while the room's newest change is not committed."""
        return self.sends is not None

    def hold(self, sends: list, now: float) -> None:
        """Keep ``sends`` (appended to those already kept) and schedule the first retry."""
        if self.sends is None:
            self.sends, self.since, self.delay = [], now, RETRY_FIRST
        self.sends.extend(sends)
        self.due = now + self.delay

    def failed_again(self, now: float) -> None:
        """A retry failed: the next one after twice the delay (at most :data:`RETRY_MAX`)."""
        self.delay = min(RETRY_MAX, self.delay * 2)
        self.due = now + self.delay

    def release(self) -> list:
        """The change is committed: returns the kept sends (in order) and ends the hold."""
        sends, self.sends = self.sends or [], None
        return sends


def refusal(room, aid: str | None = None) -> Error:
    """The ``unavailable`` error of a held room: for the action ``aid`` (or the notice, without an id), at the
    room's last committed version."""
    return Error.of("unavailable", msg=NOTICE, id=aid, v=room.store.logged_v)


async def commit_or_hold(room, carry, sends: list) -> bool:
    """Commit the room's change (``room.store.commit(carry)``); True when durable. On BusError ``unavailable`` hold the
    room (:class:`Outage`), notify every connection, and return False. Other errors propagate."""
    try:
        await room.store.commit(carry)
        return True
    except BusError as e:
        if e.code != "unavailable":
            raise
        log.warning("room %s: the store failed (%s); the change at v%s is held", room.id, e, room.v)
    now = time.monotonic()
    if not room.outage.held and room.clocks is not None:
        room.clocks.pause(now)           # no bank runs while the room is held
    room.outage.hold(sends, now)
    room.metrics.store_held.add(room.id)
    await notify(room)
    return False


#: What a call (claim, deck choice, rematch) may change before its commit: restored when the commit fails.
CALL_FIELDS = ("seats", "decks", "options", "rematch", "rematch_declined", "rematch_started", "rematch_by", "status", "started",
               "clocks")
KEPT_AS_IS = ("game",)                  # replaced (a deal), never changed in place by a call


async def call(room, answer) -> dict:
    """Await a call's ``answer`` (a not yet started coroutine of the room: claim, deck, rematch); when its commit
    fails, undo what it changed in memory (:data:`CALL_FIELDS`, a deal) and answer ``unavailable`` (the HTTP API
    makes it 503): the seat, its token and the deal exist only once they are committed."""
    saved = {f: copy.deepcopy(getattr(room, f)) for f in CALL_FIELDS}
    saved.update({f: getattr(room, f) for f in KEPT_AS_IS})
    try:
        return await answer
    except BusError as e:
        if e.code != "unavailable":
            raise
    for f, value in saved.items():
        setattr(room, f, value)
    if room.game is None:
        room.journals.reset()
    log.warning("room %s: the store failed; a seat change was undone and refused", room.id)
    return {"ok": False, "code": "unavailable", "msg": NOTICE}


async def refused_while_held(room, msg) -> bool:
    """Answer what a held room does not take (module docstring); True when ``msg`` was answered so."""
    if isinstance(msg, m.Attach):
        await room.bus.fanout.deliver([msg.conn], wire.encode(refusal(room)), wire.CLOSE_SERVER_FULL)
        return True
    if getattr(msg, "reply_to", "") and not isinstance(msg, m.Status):
        await room.bus.mailbox.reply(msg.reply_to, {"ok": False, "code": "unavailable", "msg": NOTICE})
        return True
    if isinstance(msg, (m.Resync, m.BackendBack)):
        if getattr(msg, "conn", None) in room.audience.conns:
            await room.bus.fanout.deliver([msg.conn], wire.encode(refusal(room)), room=room.id)
        return True
    return False


async def notify(room) -> None:
    """Send every connection of the room the ``unavailable`` notice (no id)."""
    if room.audience.conns:
        await room.bus.fanout.deliver(list(room.audience.conns), wire.encode(refusal(room)), room=room.id)


async def retry(room) -> None:
    """Try the held room's commit again when due; on success deliver the kept frames and end the hold."""
    o = room.outage
    now = time.monotonic()
    if not o.held or now < o.due:
        return
    try:
        await room.store.commit()
    except BusError as e:
        if e.code != "unavailable":
            raise
        o.failed_again(now)
        await notify(room)
        return
    log.warning("room %s: the store is back; the held change at v%s is committed after %.1f s", room.id, room.v,
                now - o.since)
    room.metrics.store_held.discard(room.id)
    if room.clocks is not None:
        room.clocks.resume(now)          # the bank to act counts on from where it stood when the hold began
    for conns, data, v, full in o.release():
        live = [c for c in conns if c in room.audience.conns]
        if live:
            await room.bus.fanout.deliver(live, data, room=room.id, v=v, full=full)
    await room.lobby.publish_moved()


class StoreHealth:
    """Whether the SQL store can be written, for ``/healthz``: not while any room is held (``metrics.store_held``)
    or while :meth:`writable`'s probe (``store.probe_write()``, a write that changes nothing) fails."""

    def __init__(self, store, metrics, probe_timeout: float = PROBE_TIMEOUT) -> None:
        self.store, self.metrics, self.probe_timeout = store, metrics, probe_timeout
        self._checked, self._ok = -PROBE_EVERY, True

    async def writable(self) -> bool:
        """True when no room is held and the last probe (at most :data:`PROBE_EVERY` s old) wrote within
        ``probe_timeout`` seconds."""
        if self.metrics.store_held:
            return False
        if not getattr(self.store, "durable", False) or not hasattr(self.store, "probe_write"):
            return True
        now = time.monotonic()
        if now - self._checked >= PROBE_EVERY:
            self._checked = now
            try:
                # a store that waits on a lock longer than that is not writable now: /healthz answers at once
                await asyncio.wait_for(self.store.probe_write(), self.probe_timeout)
                self._ok = True
            except Exception as e:       # any failure of the database, or a probe that timed out: not writable
                log.warning("the store cannot be written: %s", type(e).__name__)
                self._ok = False
        return self._ok
