"""Per-room versions, per-viewer frames and the idempotency ledger (docs/protocol.md "Versions").

:class:`RoomVersions` wraps one game (anything with the engine's ``view``, ``legal_actions``, ``to_act``,
``apply``, ``version`` and ``result``; engine-api.md) and turns client actions into frames:

* every frame carries the room version ``v`` = ``game.version`` (the number of applied actions);
* for each new version it projects each tracked viewer's view first and diffs the projections second, so a
  viewer's frame can only carry what its own view shows;
* an action built on another version than the current one is refused with ``stale`` (carrying the current v),
  except a concession: it is legal and means the same at every version (01-game-and-cards.md [102.3.b]), so it is applied
  whatever version it was built on (a page whose concession crossed the opponent's move must not need a second click);
* a repeated client action id (per seat) gets the very same answer frame as the first time and is applied once.
  The ledger is bounded (``ledger_size`` ids per seat, oldest evicted). Eviction cannot cause a second
  application: an accepted action raised the version past the one it was built on, so a late repeat of an
  evicted id is ``stale``; only refused ids can be evicted and re-evaluated, and those changed nothing.
  Every remembered answer but each seat's newest is kept encoded (its msgpack bytes, decoded again on a repeat):
  the bytes are what was sent, about 500 bytes instead of the frame's object graph. Older answers go,
  :data:`BLOCK` at a time, into one zlib-compressed block each (:class:`_SeatLedger`): several times smaller, the
  ids only as their hashes. Compressing a block, not each answer, costs an action an eighth of one compression.
"""
from __future__ import annotations

import contextlib
import zlib
from array import array
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Any

import msgpack

from engine.errors import EngineError

from .codec import decode_server, encode
from .diff import diff
from .errors import engine_error_code
from .messages import Action, Diff, End, Error, Message, Sync

VIEWERS = (1, 2, None)   # player 1, player 2, spectators (all spectators share one view)


def any_version(action: dict) -> bool:
    """Whether ``action`` (an Action frame's ``action`` map) is applied whatever version it was built on: a
    concession, which is legal at any time and means the same at every version (01-game-and-cards.md [102.3.b])."""
    return action.get("act") == "concede"


def _untimed(name: str) -> contextlib.nullcontext:
    """No timing (:class:`RoomVersions` without a ``phase``)."""
    return contextlib.nullcontext()


def _pack(msg: Message) -> bytes:
    """A remembered answer as kept among a ledger's newest: its frame bytes."""
    return encode(msg)


def _unpack(packed: bytes) -> Message:
    """The answer :func:`_pack` kept; it encodes to the very bytes it was packed from."""
    return decode_server(packed)


#: Answers per compressed block of a seat's ledger (only when the ledger holds more than 2 * BLOCK ids).
BLOCK = 8


class _SeatLedger:
    """One seat's remembered answers, by client action id, the last ``size`` ids (oldest evicted first).

    The newest answers (at most :data:`BLOCK` + 1) are in ``recent`` (id -> :func:`_pack` bytes, the frame's
    msgpack; the newest one a Message until :meth:`replace` gives its final form); older ones, when ``size`` > 2 *
    BLOCK, are in ``blocks``: BLOCK answers each,
    ``(first ordinal, array of the ids' hashes, zlib(msgpack([[id, frame bytes]...])))``. A lookup scans the hash
    arrays and decompresses only a block whose hashes hold the id (then compares the ids themselves). Hashes are
    ``hash(str)``, fixed for the process (the ledger is never stored or restored)."""

    __slots__ = ("recent", "blocks", "n", "size")

    def __init__(self, size: int) -> None:
        self.recent: OrderedDict[str, Message | bytes] = OrderedDict()
        self.blocks: deque = deque()
        self.n = 0               # ids remembered so far (the ordinal of the next one)
        self.size = size

    def __len__(self) -> int:
        return min(self.n, self.size)

    def __contains__(self, aid: str) -> bool:
        return self.get(aid) is not None

    def newest(self) -> str | None:
        """The id remembered last, or None."""
        return next(reversed(self.recent)) if self.recent else None

    def get(self, aid: str) -> Message | None:
        """The answer remembered for ``aid`` (decoded again when kept encoded), or None."""
        known = self.recent.get(aid)
        if known is not None:
            return _unpack(known) if isinstance(known, bytes) else known
        h, oldest = hash(aid), self.n - self.size
        for first, hashes, data in self.blocks:
            if h in hashes:
                for i, (other, raw) in enumerate(msgpack.unpackb(zlib.decompress(data))):
                    if other == aid and first + i >= oldest:
                        return decode_server(raw)
        return None

    def replace(self, aid: str, answer: Message, data: bytes | None = None) -> None:
        """Make ``answer`` the one remembered for ``aid`` (the room fills in the newest answer's clocks: final
        then, so kept packed at once; ``data`` = ``encode(answer)`` when the caller has it, so it is not encoded a
        second time); an id no longer in ``recent`` (only the newest is ever replaced) or unknown is left alone."""
        if aid in self.recent:
            self.recent[aid] = _pack(answer) if data is None else data

    def add(self, aid: str, answer: Message) -> None:
        """Remember ``answer`` for the new id ``aid`` (not already remembered); evicts beyond ``size``."""
        recent = self.recent
        if recent:                  # the previous newest answer is final now (replace() fills in only the newest)
            last = next(reversed(recent))
            if not isinstance(recent[last], bytes):
                recent[last] = _pack(recent[last])
        recent[aid] = answer
        self.n += 1
        if self.size <= 2 * BLOCK:
            while len(recent) > self.size:
                recent.popitem(last=False)
            return
        if len(recent) > BLOCK:
            items = [recent.popitem(last=False) for _ in range(BLOCK)]
            first = self.n - len(recent) - BLOCK
            raw = [[k, v] for k, v in items]
            self.blocks.append((first, array("q", [hash(k) for k, _ in items]),
                                zlib.compress(msgpack.packb(raw, use_bin_type=True), 1)))
        while self.blocks and self.blocks[0][0] + BLOCK <= self.n - self.size:
            self.blocks.popleft()


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
    ``diff``: the diff function, ``diff(old, new, memo)`` (default protocol/diff.py ``diff``); one ``memo`` is shared
    by the diffs of one version. ``views``: ``views(viewers) -> [view...]``, the views of a version for each of
    ``viewers`` in order (default: ``game.view`` of each). ``phase``: ``phase(name)`` -> a context manager timing one block (the server's
    metrics; default none): ``"view"`` around the projections of a version (or of a sync), ``"diff"`` around its
    diffs, each once per version for every tracked viewer together. ``on_version``: ``on_version() -> clocks``,
    called once by :meth:`advance` for each new version it meets, before that version's frames are built, when no
    ``clocks`` are given: its answer is their ``clocks`` (the server's step of a version: its clocks switch then).
    Not thread-safe: the room owner calls it from one task.
    """

    def __init__(self, game: Any, *, ledger_size: int = 128, diff: Any = diff, views: Any = None,
                 phase: Any = None, on_version: Any = None):
        if ledger_size < 1:
            raise ValueError("ledger_size must be >= 1")
        self.game = game
        self._views: dict[Any, dict] = {}
        self._v = game.version
        self._ledger: dict[int, _SeatLedger] = {1: _SeatLedger(ledger_size), 2: _SeatLedger(ledger_size)}
        self._size = ledger_size
        self._diff = diff
        self._phase = phase or _untimed
        self._views_of = views or (lambda viewers: [game.view(viewer) for viewer in viewers])
        self._on_version = on_version

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
        with self._phase("view"):
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
        if clocks is None and self._on_version is not None:
            clocks = self._on_version()
        out: dict[Any, Message] = {}
        viewers = list(self._views)
        if jumped:
            for viewer in viewers:
                out[viewer] = self.sync(viewer, clocks)
            return out
        with self._phase("view"):
            news = self._views_of(viewers)
        memo: dict = {}        # what the viewers' views hold alike is compared once (protocol/diff.py ``diff``)
        last, diff_ = self._views, self._diff
        with self._phase("diff"):
            diffs = [diff_(last[viewer], new, memo) for viewer, new in zip(viewers, news)]
        game = self.game
        acts = game.to_act() if game.result is None else None     # the one viewer whose frame lists actions
        for viewer, new, ops in zip(viewers, news, diffs):
            last[viewer] = new
            aid = actor[1] if actor is not None and actor[0] == viewer else None
            legal = game.legal_actions(viewer) if viewer == acts and viewer in (1, 2) else None
            out[viewer] = Diff(v, ops, legal, clocks, aid)
        return out

    def remember(self, seat: int, aid: str, answer: Message, data: bytes | None = None) -> None:
        """Make ``answer`` the frame repeated to ``seat`` for action id ``aid`` (e.g. the answer once the owner
        filled in its ``clocks``), so a repeat is byte-identical to what was sent first (docs/protocol.md §4.4).
        ``data``: ``encode(answer)`` when the caller encoded it already (to send it): the ledger keeps those bytes
        and never encodes the answer a second time."""
        self._ledger[seat].replace(aid, answer, data)

    def _remember(self, seat: int, aid: str, answer: Message) -> None:
        self._ledger[seat].add(aid, answer)

    def submit(self, seat: Any, msg: Action, clocks: dict | None = None) -> Outcome:
        """Handle one Action frame from the player in ``seat`` (1 or 2; None = a spectator).

        Order of checks: a known id gets its first answer again (``reply``, nothing applied); a spectator gets
        ``not_a_player``; ``msg.v`` other than the current version gets ``stale`` (a concession never does:
        :func:`any_version`); then ``game.apply``. An
        EngineError becomes an Error with the mapped code (errors.engine_error_code) and ``engine`` = the engine's
        code. On success the game advanced one version and ``broadcast`` holds every tracked viewer's frame.
        Exceptions other than EngineError from the game propagate (an engine bug; answer ``internal_error``).
        """
        if seat not in (1, 2):
            return Outcome(reply=Error.of("not_a_player", id=msg.id, v=self.v))
        known = self._ledger[seat].get(msg.id)
        if known is not None:
            return Outcome(reply=known)
        if msg.v != self.v and not any_version(msg.action):
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
