"""Per-room versions, per-viewer frames and the idempotency ledger (docs/protocol.md "Versions").

:class:`RoomVersions` wraps one game (anything with the engine's ``view``, ``legal_actions``, ``to_act``,
``apply``, ``version`` and ``result``; engine-api.md) and turns client actions into frames:

* every frame carries the room version ``v`` = ``game.version`` (the number of applied actions);
* for each new version it projects each tracked viewer's view first and diffs the projections second, so a
  viewer's frame can only carry what its own view shows;
* an action built on another version than the current one is refused with ``stale`` (carrying the current v);
* a repeated client action id (per seat) gets the very same answer frame as the first time and is applied once.
  The ledger is bounded (``ledger_size`` ids per seat, oldest evicted). Eviction cannot cause a second
  application: an accepted action raised the version past the one it was built on, so a late repeat of an
  evicted id is ``stale``; only refused ids can be evicted and re-evaluated, and those changed nothing.
  Every remembered answer but each seat's newest is kept encoded (its msgpack bytes, zlib-compressed, decoded again
  on a repeat): the bytes are what was sent, about 200 bytes instead of the frame's object graph (issue 21 item 5).
"""
from __future__ import annotations

import zlib
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from engine.errors import EngineError

from .codec import decode_server, encode
from .diff import diff
from .errors import engine_error_code
from .messages import Action, Diff, End, Error, Message, Sync

VIEWERS = (1, 2, None)   # player 1, player 2, spectators (all spectators share one view)


def _pack(msg: Message) -> bytes:
    """A remembered answer as kept in the ledger: its frame bytes, compressed (zlib level 1)."""
    return zlib.compress(encode(msg), 1)


def _unpack(packed: bytes) -> Message:
    """The answer :func:`_pack` kept; it encodes to the very bytes it was packed from."""
    return decode_server(zlib.decompress(packed))


@dataclass
class Outcome:
    """What the server sends after one client action.

    ``reply``: a frame for the sending connection only (an Error, or the repeated answer to a known id), or None.
    ``broadcast``: viewer (1, 2 or None) -> the frame for every connection of that viewer (Diffs, or Syncs when the
    version jumped by more than one); the acting player's frame carries the action's ``id``.
    ``end``: an End frame for everyone after the broadcast, when this action finished the game.
    ``applied``: whether the game changed.
    """

    reply: Message | None = None
    broadcast: dict[Any, Message] = field(default_factory=dict)
    end: End | None = None
    applied: bool = False


class RoomVersions:
    """Protocol state of one room: the version, the last view sent to each viewer and the action-id ledger.

    ``game``: the engine game (engine-api.md). ``ledger_size``: remembered action ids per seat (>= 1).
    ``diff``: the diff function (default protocol/diff.py ``diff``; the server passes a timed one).
    Not thread-safe: the room owner calls it from one task.
    """

    def __init__(self, game: Any, *, ledger_size: int = 128, diff: Any = diff):
        if ledger_size < 1:
            raise ValueError("ledger_size must be >= 1")
        self.game = game
        self._views: dict[Any, dict] = {}
        self._v = game.version
        self._ledger: dict[int, OrderedDict[str, Message | bytes]] = {1: OrderedDict(), 2: OrderedDict()}
        self._size = ledger_size
        self._diff = diff

    @property
    def v(self) -> int:
        """The current room version (``game.version``)."""
        return self.game.version

    @property
    def tracked(self) -> list:
        """Viewers (1, 2, None) whose frames are built on every new version (those synced and not forgotten)."""
        return list(self._views)

    def _legal(self, viewer: Any) -> list | None:
        if viewer in (1, 2) and self.game.result is None and self.game.to_act() == viewer:
            return self.game.legal_actions(viewer)
        return None

    def sync(self, viewer: Any, clocks: dict | None = None) -> Sync:
        """The full Sync frame for ``viewer`` (1, 2 or None) at the current version; starts tracking the viewer.

        Answer to a join and to a resync. Raises ValueError for a viewer other than 1, 2, None.
        """
        if viewer not in VIEWERS:
            raise ValueError(f"viewer must be 1, 2 or None, not {viewer!r}")
        view = self.game.view(viewer)
        self._views[viewer] = view
        self._v = self.game.version
        return Sync(self._v, viewer, view, self._legal(viewer), clocks)

    def end_frame(self) -> End | None:
        """The End frame when the game is over (send it after a Sync to a late joiner), else None."""
        res = self.game.result
        return None if res is None else End(self.game.version, res)

    def forget(self, viewer: Any) -> None:
        """Stop building frames for ``viewer`` (its last connection left). A later join gets a Sync."""
        self._views.pop(viewer, None)

    def advance(self, clocks: dict | None = None, actor: tuple[int, str] | None = None) -> dict[Any, Message]:
        """Frames for every tracked viewer after the game moved to a new version (call after each apply).

        Projects each tracked viewer's view, diffs it against the last view sent to that viewer and returns
        viewer -> Diff (v = the new version). If the version moved by more than one since the last frames, every
        viewer gets a Sync instead (a diff must go from v-1 to v). ``actor`` = (seat, client action id) puts the
        id into that seat's frame. Returns {} when the version did not change.
        """
        v = self.game.version
        if v == self._v:
            return {}
        jumped = v != self._v + 1
        self._v = v
        out: dict[Any, Message] = {}
        for viewer in list(self._views):
            if jumped:
                out[viewer] = self.sync(viewer, clocks)
                continue
            new = self.game.view(viewer)
            ops = self._diff(self._views[viewer], new)
            self._views[viewer] = new
            aid = actor[1] if actor is not None and actor[0] == viewer else None
            out[viewer] = Diff(v, ops, self._legal(viewer), clocks, aid)
        return out

    def remember(self, seat: int, aid: str, answer: Message, data: bytes | None = None) -> None:
        """Make ``answer`` the frame repeated to ``seat`` for action id ``aid`` (e.g. the answer once the owner
        filled in its ``clocks``), so a repeat is byte-identical to what was sent first (docs/protocol.md §4.4).
        ``data``: ``encode(answer)`` when the caller encoded it already (to send it): then it is kept compressed
        at once, and the answer is never encoded a second time for the ledger (issue 21 item 3). An id the ledger
        does not hold is ignored."""
        ledger = self._ledger[seat]
        if aid in ledger:
            if data is not None:
                ledger[aid] = zlib.compress(data, 1)
            else:
                ledger[aid] = answer if aid == next(reversed(ledger)) else _pack(answer)

    def _remember(self, seat: int, aid: str, answer: Message) -> None:
        ledger = self._ledger[seat]
        if ledger:                  # the previous newest answer is final now (remember() fills in only the newest)
            last = next(reversed(ledger))
            if not isinstance(ledger[last], bytes):
                ledger[last] = _pack(ledger[last])
        ledger[aid] = answer
        while len(ledger) > self._size:
            ledger.popitem(last=False)

    def submit(self, seat: Any, msg: Action, clocks: dict | None = None) -> Outcome:
        """Handle one Action frame from the player in ``seat`` (1 or 2; None = a spectator).

        Order of checks: a known id gets its first answer again (``reply``, nothing applied); a spectator gets
        ``not_a_player``; ``msg.v`` other than the current version gets ``stale``; then ``game.apply``. An
        EngineError becomes an Error with the mapped code (errors.engine_error_code) and ``engine`` = the engine's
        code. On success the game advanced one version and ``broadcast`` holds every tracked viewer's frame.
        Exceptions other than EngineError from the game propagate (an engine bug; answer ``internal_error``).
        """
        if seat not in (1, 2):
            return Outcome(reply=Error.of("not_a_player", id=msg.id, v=self.v))
        known = self._ledger[seat].get(msg.id)
        if known is not None:
            return Outcome(reply=_unpack(known) if isinstance(known, bytes) else known)
        if msg.v != self.v:
            err = Error.of("stale", msg=f"The action was built on version {msg.v}; the room is at {self.v}.",
                           id=msg.id, v=self.v)
            self._remember(seat, msg.id, err)
            return Outcome(reply=err)
        if seat not in self._views:
            self.sync(seat, clocks)       # the actor must be tracked to receive its own diff
        try:
            self.game.apply(seat, msg.action)
        except EngineError as exc:
            err = Error.of(engine_error_code(exc.code), msg=exc.message, id=msg.id, v=self.v, engine=exc.code)
            self._remember(seat, msg.id, err)
            return Outcome(reply=err)
        frames = self.advance(clocks, actor=(seat, msg.id))
        self._remember(seat, msg.id, frames[seat])
        return Outcome(broadcast=frames, end=self.end_frame(), applied=True)
