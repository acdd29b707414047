"""Broadcast: the room's connections and every frame it sends them through the bus's fan-out
(server/bus/interfaces.py ``FanOut``).

Interface (:class:`Audience`, one per room, ``room.audience``):

- ``conns`` (conn id -> seat 1/2, None for a spectator), ``seat_conn`` (seat -> its one connection or None),
  ``empty_since`` (monotonic s since the room has had no connection), ``seat_gone`` (seat -> monotonic s since
  it has had no connection: since the room was made or restored when it never had one here), ``spectators()``;
- ``attach(msg)`` / ``detach(conn)``: the inbox's ``Attach`` / ``Detach`` (a seat token makes the connection that
  seat; a newer connection of a seat supersedes the older with 4002);
- ``send(conns, message, close=None, versioned=False)`` (encode once, deliver), ``sync(conn)`` (the full view, then
  the end frame once over), ``sync_all()``, ``close_all(code)``, ``drop_local(code)`` (this process's connections,
  when another process owns the room).

:func:`broadcast_applied` ``(room, acted, frames, ts)`` is the path of an applied action after the engine: clocks,
automatic passes (RULES.md Q10), the frames of every new version, the commit (durable before broadcast), the
delivery, the lobby entry. :func:`version_step` ``(room) -> clocks`` is a version's step (counted, the clocks run),
called by the room's versions as each version's frames are built.
"""
from __future__ import annotations

import time

from protocol import Error
from protocol.messages import Sync

from .. import store_outage, wire
from ..bus import messages as m
from .away import came_back, clock_frame, went_away
from .away import presence_changed as announce_presence
from .chat import send_history
from .status import only_pass

AUTOPASS_LIMIT = 500       # automatic passes in a row before the room stops passing (engine safety net)


class Audience:
    """The connections of one room (module docstring)."""

    __slots__ = ("room", "conns", "seat_conn", "empty_since", "seat_gone")

    def __init__(self, room) -> None:
        self.room = room
        self.conns: dict[str, int | None] = {}     # conn id -> seat (None = spectator)
        self.seat_conn: dict[int, str | None] = {1: None, 2: None}
        self.empty_since = time.monotonic()
        self.seat_gone: dict[int, float] = {1: self.empty_since, 2: self.empty_since}   # seats without a connection

    def spectators(self) -> int:
        """Connections watching (no seat)."""
        return sum(1 for s in self.conns.values() if s is None)

    async def attach(self, msg: m.Attach) -> None:
        """A connection joins: as its token's seat, or as a spectator; a bad token (or a spectator where none is
        admitted) gets ``unauthorized`` and 4005. Answered with a sync and the chat it may read."""
        room = self.room
        conn = msg.conn
        seat = room.seats.seat_for(msg.token)
        if seat is False:
            await self.send([conn], Error.of("unauthorized", v=room.v), close=wire.CLOSE_UNAUTHORIZED)
            return
        if seat is None and not room.options["spectators"]:
            await self.send([conn], Error.of("unauthorized", msg="This room does not admit spectators.", v=room.v),
                            close=wire.CLOSE_UNAUTHORIZED)
            return
        if seat is not None:
            old = self.seat_conn[seat]
            if old is not None and old != conn:
                self.conns.pop(old, None)
                await room.bus.fanout.deliver([old], None, wire.CLOSE_SUPERSEDED)
            self.seat_conn[seat] = conn
            self.seat_gone.pop(seat, None)
            room.clocks.reconnected(seat, time.monotonic())
        self.conns[conn] = seat
        back = came_back(room, seat)
        await self.sync(conn)
        if back:
            await announce_presence(room, skip=conn)
        await send_history(room, conn, seat)
        await room.lobby.publish()

    async def detach(self, conn: str) -> None:
        """A connection left: its seat's clock is held for the grace period; the last one leaving starts the idle
        time."""
        if conn not in self.conns:
            return
        room = self.room
        seat = self.conns.pop(conn)
        room.chat.forget(conn)
        if seat is not None and self.seat_conn[seat] == conn:
            self.seat_conn[seat] = None
            self.seat_gone[seat] = time.monotonic()
            room.clocks.disconnected(seat, time.monotonic())
            await went_away(room, seat)
        if seat not in self.conns.values():
            room.versions.forget(seat)
        if not self.conns:
            self.empty_since = time.monotonic()
        await room.lobby.publish()

    async def sync(self, conn: str) -> None:
        """Send ``conn`` the full view of its seat, its legal actions and the clocks, then the end once over."""
        room = self.room
        frame = room.versions.sync(self.conns[conn], clock_frame(room, time.monotonic()))
        await self.send([conn], frame, versioned=True)
        end = room.versions.end_frame()
        if end is not None:
            await self.send([conn], end)

    async def sync_all(self) -> None:
        """Re-sync every connection (after a change of seats, decks or the rematch offer)."""
        for conn in list(self.conns):
            await self.sync(conn)

    async def send(self, conns: list[str], message, close: int | None = None, versioned: bool = False) -> None:
        """Encode once and deliver; ``versioned``: a Diff/Sync in the room's version sequence (relays check it);
        ``close``: the close code the connections then get (they leave the room)."""
        room = self.room
        v = getattr(message, "v", None) if versioned else None
        with room.metrics.phase("encode"):
            data = wire.encode(message)
        with room.metrics.phase("send"):
            await room.bus.fanout.deliver(conns, data, close, room=room.id, v=v,
                                          full=versioned and isinstance(message, Sync))
        if close is not None:
            for c in conns:
                self.conns.pop(c, None)

    async def close_all(self, code: int) -> None:
        """Close every connection with ``code``."""
        await self.room.bus.fanout.deliver(list(self.conns), None, code)
        self.conns.clear()

    async def drop_local(self, code: int) -> None:
        """Forget every connection; close this process's with ``code`` (the others belong to their relays)."""
        prefix = self.room.bus.process_id + ":"
        local = [c for c in self.conns if c.startswith(prefix)]
        self.conns.clear()
        if local:
            await self.room.bus.fanout.deliver(local, None, code)


async def broadcast_applied(room, acted: int, frames: dict, ts) -> bool:
    """After an applied action of ``acted``: run clocks (the increment when a turn ended; no bank runs for a seat
    the room passes for), apply automatic passes (RULES.md Q10), make the new state durable (persistent buses), then broadcast every version's frames (viewer -> message) and the end. ``ts``: the
    monotonic time the action arrived (latency metric) or None. False when the store failed: the room holds the
    change and sent nothing (server/store_outage.py)."""
    out = _frames(room, acted, frames)
    room.cache.forget_version()   # the frames are built: the journal and the diffs read no more views of v, nor
    sends = []                    # its legal list (memory)
    remember = room.versions.remember
    with room.metrics.phase("encode"):
        for conns, message, versioned, answers in out:
            data = wire.encode(message)
            if answers is not None:     # once: for the ledger and for the send (a repeated id gets these bytes)
                remember(answers, message.id, message, data)
            if conns:
                v = getattr(message, "v", None) if versioned else None
                sends.append((conns, data, v, versioned and isinstance(message, Sync)))
    # frames for other processes may ride with the commit (published once it is durable)
    carry = room.bus.fanout.carry(room.id, sends) if room.bus.store.appends else None
    room.journals.settled()
    with room.metrics.phase("commit"):      # durable before broadcast; held when the store fails
        if not await store_outage.commit_or_hold(room, carry, sends):
            return False
    with room.metrics.phase("send"):
        await room.bus.fanout.deliver_all(room.id, sends, carry)
    if ts is not None:
        room.metrics.latency.observe(max(0.0, time.monotonic() - ts))
    await room.lobby.publish_moved()
    return True


def version_step(room) -> dict | None:
    """A new version's step, once, before its frames are built (protocol/versioning.py ``on_version``): count it,
    run the clocks (the increment when a turn ended; no bank runs for a seat the room passes for) and return the
    frames' ``clocks``; keeps ``(version, seat to act or None, whether the room passes for it)`` in
    ``room.stepped`` for :func:`_frames`."""
    room.metrics.actions_applied += 1
    now = time.monotonic()
    q = None if room.versions.game.result is not None else room.game.to_act()
    auto = q is not None and room.seats.autopass[q] and only_pass(room.versions.game.legal_actions(q))
    ended = room.turns.ended(getattr(room.game, "turn", 0), getattr(room.game, "active", None))
    room.clocks.switch(None if auto else q, now, ended)    # the room's passes cost nobody time
    room.stepped = (room.v, q, auto)
    return clock_frame(room, now)


def _frames(room, acted: int, frames: dict) -> list:
    """The frames of the applied version and of each automatic pass after it: ``[(conns, message, versioned, seat
    or None)]``, ``seat`` when the message answers that seat's client action id (the ledger is to keep it; then
    ``conns`` may be empty). The frames carry their version's clocks already (:func:`version_step`, run as they
    were built); frames built without it get them here."""
    out: list = []
    conns_of = room.audience.conns
    by_viewer: dict = {}           # viewer -> its connections
    for c, s in conns_of.items():
        by_viewer.setdefault(s, []).append(c)
    for _ in range(AUTOPASS_LIMIT + 1):
        stepped, room.stepped = room.stepped, None
        if stepped is None or stepped[0] != room.v:
            clocks = version_step(room)
            stepped, room.stepped = room.stepped, None
            frames = {viewer: frame.with_clocks(clocks) for viewer, frame in frames.items()}
        q, auto = stepped[1], stepped[2]
        for viewer, frame in frames.items():
            conns = by_viewer.get(viewer)
            answers = viewer if getattr(frame, "id", None) is not None else None
            if conns or answers is not None:
                out.append((conns, frame, True, answers))
        end = room.versions.end_frame()
        if end is not None and conns_of:
            out.append((list(conns_of), end, False, None))
        if end is not None or not auto:
            break
        room.apply(q, {"act": "pass"})
        frames = room.versions.advance()
    return out
