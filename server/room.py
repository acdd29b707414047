"""One room = one asyncio task, the only writer of its engine ``Game``, fed by its bus inbox (issue items 3-6).

Lifecycle (``status``, a :class:`RoomStatus` the room sets itself on each transition): ``waiting`` (seat 2 free;
nobody may act) -> ``preliminary`` (deal, redeal, hidden recruitment and placement, chosen through ordinary actions)
-> ``playing`` (from the first event of turn 1) -> ``finished`` (kept as a replay for ``replay_ttl`` seconds) ->
closed. An unfinished room with no connection for ``idle_timeout`` seconds (``waiting_timeout`` while seat 2 is free) is
closed too.

The room version ``v`` is the engine's ``game.version`` (protocol/versioning.py ``RoomVersions`` builds the frames
and keeps the idempotency ledger of client action ids). Every applied action is broadcast as one per-viewer frame:
each seat's connection gets the diff of its own view, every spectator the diff of the spectator view (engine
``view(None)``); a viewer never receives another viewer's projection. Views carry ``"room": {"id", "status",
"result", "spectators"}`` (the room-level result differs from the engine's on a loss on time). The seed is secret until the game ends; then every view
carries ``"replay": {"seed", "decks", "log"}``.

On a persistent bus every change is durable before its result is broadcast: the room saves its snapshot (a fenced
write on the Redis bus) and only then hands the frames to the bus. A room whose owner lease was lost (the bus
raises BusError("fenced") or ``check_owner`` says so) writes nothing more: it closes its local connections with
1012 (they reconnect to the new owner) and ends.

Public API (used by :mod:`server.rooms`): ``Room.create(...)``, ``Room.restore(...)``, ``run()`` (the task body),
``snapshot()``, ``info()``, ``Room.snapshot_sync(...)``. Everything else reaches a room only as an inbox message
(server/bus/messages.py; besides those, the mailbox itself may queue ``Fenced`` and ``BackendBack``).
"""
from __future__ import annotations

import asyncio
import dataclasses
import enum
import hashlib
import hmac
import logging
import operator
import secrets
import time
import zlib

import msgpack
from protocol import Action, Error, RoomVersions
from protocol.diff import diff
from protocol.messages import Sync

from . import wire
from .bus import Bus, BusError
from .bus import messages as m
from .chat import ChatRefused, RoomChat, reads
from . import endings
from .clock import Clocks, TurnWatch, clocks_for, clocks_from_state
from .journal import VIEWERS, Journal
from .metrics import Metrics
from .settings import Settings

log = logging.getLogger("server.room")

LEDGER_SIZE = 256          # remembered action ids per seat (idempotency, protocol/versioning.py)
AUTOPASS_LIMIT = 500       # automatic passes in a row before the room stops passing (engine safety net)
PRELIM_KINDS = {"first", "redeal", "recruit", "deploy"}


class RoomStatus(enum.StrEnum):
    """Where a room is in its life (docs/server.md "Rooms"); the value is what views and lobby entries carry."""

    WAITING = "waiting"            # seat 2 free; nobody may act, clocks stopped
    PRELIMINARY = "preliminary"    # the preliminary phase: deal, redeal, recruitment, placement
    PLAYING = "playing"            # turn 1 has begun
    FINISHED = "finished"          # the game has a result; kept as a replay


def starts_turns(events: list) -> bool:
    """Whether engine events (``Game.apply``'s answer) show the game reaching its turns: a ``phase`` or ``turn``
    event of turn 1 or later (engine-api.md "Events"; the preliminary phase is turn 0)."""
    return any(isinstance(e, dict) and e.get("type") in ("phase", "turn") and (e.get("turn") or 0) >= 1
               for e in events or ())


def hash_token(token: str) -> str:
    """Hex SHA-256 of a seat token (rooms and snapshots keep only this)."""
    return hashlib.sha256(token.encode()).hexdigest()


def only_pass(legal: list[dict]) -> bool:
    """RULES.md Q10: the player's only legal action is ``pass`` (``concede`` is always legal and does not count)."""
    acts = [a for a in legal if a.get("act") != "concede"]
    return len(acts) == 1 and acts[0].get("act") == "pass"


def share_alike(view: dict, public: dict) -> None:
    """Issue 21 item 5: make what a seat's engine view (``view``) shows exactly as the spectator's view of the
    same version (``public``) does that very object, so the rooms' last views hold it once: each entry of
    ``players`` equal to the spectator's, and the ``log`` list when it holds the same event objects (the engine
    already shares the cards, ``Game.views``). Values are unchanged (equal, built by the same projection from the
    same state), so diffs and frames are too; the engine builds every view afresh, so its containers are the
    room's to share."""
    theirs, mine = public.get("players"), view.get("players")
    if theirs and mine:
        for k, value in mine.items():
            other = theirs.get(k)
            if other is not None and other == value:
                mine[k] = other
    log, theirs = view.get("log"), public.get("log")
    if log is not None and theirs is not None and len(log) == len(theirs) and all(map(operator.is_, log, theirs)):
        view["log"] = theirs


async def refuse_queued(bus: Bus, room_id: str, inbox, code: str = "room_not_found") -> None:
    """Answer what is still queued in a closed ``inbox`` of room ``room_id`` (a call gets its answer at once instead
    of timing out after 5 s, a join its error and close); other messages need no answer. Never raises.

    ``code``: ``room_not_found`` when the room is gone for good (closed, or its snapshot cannot be restored): a
    call's answer says so, a join gets the error and 4004. ``unavailable`` when the room still exists but stopped
    here (a graceful shutdown, a lease lost to another process, a start-up restore whose store read failed): the
    client is to try again (a call's answer carries the code, the HTTP API makes it 503; a join gets the error and
    1013 "try again later", and the browser reconnects), and the next try reaches the room's next owner."""
    gone = code == "room_not_found"
    sentence = "The room has closed." if gone else "The room is moving to another server; try again."
    close = wire.CLOSE_ROOM_NOT_FOUND if gone else wire.CLOSE_SERVER_FULL
    while inbox is not None:
        msg = await inbox.get(0)
        if msg is None:
            return
        try:
            if getattr(msg, "reply_to", ""):
                await bus.mailbox.reply(msg.reply_to, {"ok": False, "code": code, "msg": sentence})
            elif isinstance(msg, m.Attach):
                await bus.fanout.deliver([msg.conn], wire.encode(Error.of(code)), close)
        except Exception:
            log.exception("room %s: a message queued at its end could not be answered", room_id)


def waiting_view(viewer) -> dict:
    """The view before the deal (issue 18 item 3: nothing is dealt until both seats and both decks are known)."""
    return {"viewer": viewer, "turn": 0, "phase": None, "active": None, "first": None, "to_act": None,
            "prompt": None, "queue": [], "executing": None, "cards": {}, "players": {}, "log": [], "result": None}


class RoomGame:
    """The game as protocol/versioning.py sees it: the engine game plus the room's public data.

    ``view`` adds ``"room"`` (and ``"replay"`` once finished); before the deal (no engine game yet: a seat or a
    deck is missing) the view is :func:`waiting_view`, ``to_act``/``legal_actions`` are empty and ``apply``
    refuses; ``result`` is the room-level result (a loss on time shows reason ``"time"``).
    """

    def __init__(self, room: "Room") -> None:
        self.room = room
        self._legal: tuple = (None, -1, None, None)      # (engine game, version, player, its legal list)
        self._replay: tuple = (None, -1, None)           # (engine game, version, its action log as a list)

    @property
    def version(self) -> int:
        return 0 if self.room.game is None else self.room.game.version

    @property
    def result(self):
        if self.room.result is not None:
            return self.room.result
        return None if self.room.game is None else self.room.game.result

    def to_act(self):
        return None if self.room.status is RoomStatus.WAITING else self.room.game.to_act()

    def legal_actions(self, p):
        """``p``'s legal actions, listed once per version and player: the frames' ``legal`` and the room's
        automatic-pass check read the same list (issue 21: the engine copied and masked it again for the check).
        Readers must not change it."""
        if self.room.status is RoomStatus.WAITING:
            return []
        game = self.room.game
        g, v, q, got = self._legal
        if g is game and v == game.version and q == p:
            return got
        with self.room.metrics.phase("legal"):
            got = game.legal_actions(p)
        self._legal = (game, game.version, p, got)
        return got

    def forget_legal(self) -> None:
        """Drop the listed legal actions (the room calls it once an action's frames are built)."""
        self._legal = (None, -1, None, None)

    def apply(self, p, action):
        if self.room.status is RoomStatus.WAITING:
            raise self.room.engine.EngineError("not_your_turn", "The game waits for a second player.")
        if action.get("act") == "concede":     # a player's concession never names its reason (only the room's
            action = {"act": "concede"}        # loss on time does, see _on_time)
        return self.room.apply(p, action)

    def view(self, viewer) -> dict:
        with self.room.metrics.phase("view"):
            return self._view(viewer)

    def public_key(self) -> tuple:
        """Everything :meth:`public` is built from, as one tuple: equal tuples give equal ``room`` fields."""
        r = self.room
        return (r.id, r.status, self.result, r.options["spectators"], r.options.get("clock"), r.names[1],
                r.names[2], r.bots.get("1"), r.bots.get("2"), r.decks[0] is not None, r.decks[1] is not None,
                r.tokens[1] is not None, r.tokens[2] is not None, r.rematch, r.rated)

    def public(self) -> dict:
        """The views' ``room`` field, built: ``{"id", "status", "result", "spectators", "players", "bots",
        "decks", "seated", "clock", "rematch", "rated"}``."""
        r = self.room
        return {"id": r.id, "status": r.status.value, "result": self.result,
                "spectators": bool(r.options["spectators"]), "players": r.seat_names(),
                "bots": r.seat_bots(), "decks": {str(p): r.decks[p - 1] is not None for p in (1, 2)},
                "seated": {str(p): r.tokens[p] is not None for p in (1, 2)},
                "clock": r.options.get("clock"), "rematch": r.rematch, "rated": r.rated}

    def _view(self, viewer) -> dict:
        r = self.room
        view = waiting_view(viewer) if r.game is None else dict(r.engine_view(viewer))
        status = r.status
        key = self.public_key()      # the same for every viewer and, mostly, every version: one object, built
        if key != r._public_key:     # again only when what it shows changed (memory; a diff skips it by identity;
            public = self.public()   # issue 21 item 2: not built for each view)
            if public != r._public:
                r._public = public
            r._public_key = key
        view["room"] = r._public
        view["journal"] = [] if r.game is None else r.journal.view(viewer)
        if status is RoomStatus.FINISHED:
            view["replay"] = {"seed": r.seed, "decks": r.decks, "log": self.replay_log()}
        return view

    def replay_log(self) -> list:
        """The engine's action log as a list of ``[player, action]`` (the finished views' ``replay.log``), decoded
        from the packed ``game.log`` once per version and shared by every viewer's view (read-only)."""
        game = self.room.game
        g, v, got = self._replay
        if g is not game or v != game.version:
            got = list(game.log)
            self._replay = (game, game.version, got)
        return got


class Room:
    """A room task. Build with :meth:`create` or :meth:`restore`, then run :meth:`run` as a task."""

    def __init__(self, room_id: str, engine, bus: Bus, settings: Settings, metrics: Metrics) -> None:
        self.id = room_id
        self.engine, self.bus, self.settings, self.metrics = engine, bus, settings, metrics
        self.options: dict = {}
        self.seed = 0
        self.decks: list[list[str]] = []
        self.game = None
        self.versions: RoomVersions | None = None
        self.tokens: dict[int, str | None] = {1: None, 2: None}     # seat -> token hash
        self.autopass = {1: True, 2: True}
        self.result: dict | None = None          # set only for a loss on time (else the engine's result counts)
        self.clocks: Clocks | None = None
        self.created = time.time()
        self.finished_at: float | None = None      # monotonic
        self.players: dict[int, str | None] = {1: None, 2: None}   # seat -> registered player id (server/store)
        self.bots: dict[str, str] = {}             # seat ("1"/"2") -> bot policy of a computer seat
        self.started: float | None = None          # Unix s of the deal (both seats and decks known)
        self.ended: float | None = None            # Unix s when the game ended
        self.recorded = False                      # the finished game is in the store (server/store/record.py)
        self.recorder = None                       # async recorder(room) -> None, set by server/rooms.py
        self._seq = 0                              # commits written (append-only room stores)
        self._logged_v = 0                         # the version the last write of the room reached
        self._unsnapshotted = 0                    # log entries written since the last whole snapshot
        self._decks_stored = False                 # a write since the deal carried the decks (fixed from then on)
        self._journal: Journal | None = None       # the complete game log per viewer (``journal``)
        self._views: tuple = (None, -1, {})         # (engine game, version, viewer -> engine view): engine_view
        self._public: dict | None = None           # the views' last "room" value (RoomGame._view shares it)
        self._public_key: tuple | None = None      # what _public was built from (RoomGame.public_key)
        self._info: dict | None = None             # the lobby entry put last (_publish_info)
        self.conns: dict[str, int | None] = {}     # conn id -> seat (None = spectator)
        self.seat_conn: dict[int, str | None] = {1: None, 2: None}
        self.empty_since = time.monotonic()
        self.closed = False
        self.gone = False                          # closed for good: the snapshot and lobby entry are deleted
        self.inbox = None
        self.status = RoomStatus.WAITING
        # issue 18: a seat with a player or a bot (self.players / self.bots) but no token is reserved for them
        self.names: dict[int, str | None] = {1: None, 2: None}     # seat -> display name (server/names.py)
        self.rematch: str | None = None          # the id of the rematch room, once a seat asked for one
        self.chat = RoomChat()
        self.away = endings.Away(settings.disconnect_grace)   # seats whose last connection is gone (endings.py)
        self.turns = TurnWatch()                   # whose turn ended: the clock's increment (clock.py)

    @property
    def rated(self) -> bool:
        """Rated by the creator's choice (``options["rated"]``, true when not said: rooms made before the choice
        existed) and never with a computer seat."""
        return bool(self.options.get("rated", True)) and not self.bots

    def seat_names(self) -> dict:
        """Seat -> display name (None for an anonymous, free or bot seat): ``{"1": name, "2": name}``."""
        return {str(p): self.names[p] for p in (1, 2)}

    def seat_bots(self) -> dict:
        """Seat -> the bot policy sitting there, or None: ``{"1": None, "2": "heuristic"}``."""
        return {str(p): self.bots.get(str(p)) for p in (1, 2)}

    def _reserved(self, p: int) -> bool:
        return self.players[p] is not None or str(p) in self.bots

    def _init_game(self, game) -> None:
        self.game = game
        self.versions = RoomVersions(RoomGame(self), ledger_size=LEDGER_SIZE,
                                     diff=self.metrics.timed("diff", diff))

    # -- construction ------------------------------------------------------------------------------------------
    @classmethod
    def create(cls, room_id: str, options: dict, engine, bus: Bus, settings: Settings, metrics: Metrics,
               autopass: bool = True, player: str | None = None, name: str | None = None,
               decks: list | None = None, reserved: dict | None = None) -> tuple["Room", str | None]:
        """A new waiting room. ``options``: ``{"decks": [label1, label2 | None], "clock": {"base": s, "increment":
        s} | None, "spectators": bool}`` (validated by the lobby). ``decks``: the two seats' card lists (None for a
        seat that chooses later; default: the starter decks named in ``options``). ``player`` / ``name``: the
        registered player id and display name of the creator, who takes seat 1. ``reserved``: seat ("1"/"2") ->
        ``{"player", "name"}`` or ``{"bot": policy}`` for rooms made for known players (rematch, quick play); then
        nobody holds a token yet and each seat is taken with a ``Claim``. Returns ``(room, seat-1 token or
        None)``.

        Nothing is dealt until both seats and both decks are known (issue 18 item 3). The seed comes from
        ``secrets`` (unless ``settings.fixed_seed`` is set, for tests) and stays secret until the game ends.
        Raises the engine's EngineError for unknown decks.
        """
        r = cls(room_id, engine, bus, settings, metrics)
        r.options = options
        r.seed = settings.fixed_seed if settings.fixed_seed >= 0 else secrets.randbits(62)
        if decks is None:
            decks = [None if d is None else engine.load_deck(d) for d in options["decks"]]
        r.decks = [None if d is None else list(d) for d in decks]
        r._init_game(None)
        r.clocks = clocks_for(options.get("clock"), settings.disconnect_grace)
        if reserved:
            for seat, who in reserved.items():
                p = int(seat)
                if who and who.get("bot"):
                    r.bots[str(p)] = who["bot"]
                elif who:
                    r.players[p], r.names[p] = who.get("player"), who.get("name")
            return r, None
        token = secrets.token_urlsafe(32)
        r.tokens[1] = hash_token(token)
        r.autopass[1] = bool(autopass)
        r.players[1], r.names[1] = player, name
        return r, token

    def _ready(self) -> bool:
        return self.game is None and all(self.tokens[p] is not None and self.decks[p - 1] is not None
                                         for p in (1, 2))

    def _deal(self) -> None:
        """Create the engine game once both seats and both decks are known; start the clock of the seat to act."""
        self.game = self.engine.Game.new(seed=self.seed, deck1=self.decks[0], deck2=self.decks[1])
        self._journal = None                 # started from the deal on first use
        self.status = RoomStatus.PRELIMINARY
        self.started = time.time()
        now = time.monotonic()
        for p in (1, 2):
            if self.seat_conn[p] is None:
                self.clocks.disconnected(p, now)
                self.away.left(p, now)
        self.clocks.switch(self.game.to_act(), now)

    @classmethod
    def restore(cls, blob: bytes, engine, bus: Bus, settings: Settings, metrics: Metrics,
                entries: list[bytes] = ()) -> "Room":
        """The room a :meth:`snapshot` described, brought forward by the :meth:`log_entry` entries written after it
        (an append-only room store, server/store/rooms.py). Connections and the action-id ledger are not restored;
        clocks are held for the grace period while players reconnect (time while no process held the room is not
        charged). Raises ValueError/KeyError on a corrupt snapshot or entry (also when an entry's actions do not
        reach its version), the engine's EngineError on a bad game snapshot or a refused logged action."""
        s = msgpack.unpackb(blob)
        r = cls(s["id"], engine, bus, settings, metrics)
        r.options, r.seed, r.decks = s["options"], s["seed"], s["decks"]
        r._init_game(None if s["game"] is None else engine.Game.restore(s["game"]))
        if r.game is not None and s.get("journal"):
            r._journal = r._unpack_journal(s["journal"])
        now = time.monotonic()
        r._load_state(s, now)
        r._seq = s.get("seq", 0)
        for raw in entries:
            e = msgpack.unpackb(raw)
            if r.game is None and e["room"].get("dealt"):
                r.decks = e["room"]["decks"]       # dealt after the snapshot: deal the same game again
                r.game = engine.Game.new(seed=r.seed, deck1=r.decks[0], deck2=r.decks[1])
            if r.game is None and e["actions"]:
                raise ValueError(f"room {r.id}: log entry {e['seq']} has actions but no game was dealt")
            for player, action in e["actions"]:
                r.game.apply(player, action)
                if r._journal is not None:
                    r._journal.record(r.game, player)
            if r.v != e["v"]:                    # before the deal (a seat taken, a deck chosen): v 0
                raise ValueError(f"room {r.id}: log entry {e['seq']} ends at v{r.v}, not v{e['v']}")
            r._load_state(e["room"], now)
            r._seq = e["seq"]
        r._logged_v, r._unsnapshotted = r.v, len(entries)
        if r.game is not None:
            r.turns = TurnWatch(getattr(r.game, "turn", 0), getattr(r.game, "active", None))
            if r._running():                       # everyone is reconnecting, as the clocks assume
                for p in (1, 2):
                    r.away.left(p, now)
        r._decks_stored = r.game is not None       # the snapshot or the dealing entry holds them
        return r

    def _load_state(self, s: dict, now: float) -> None:
        """Set the room's own state (everything but the game) from :meth:`_state` output."""
        self.tokens = {1: s["tokens"]["1"], 2: s["tokens"]["2"]}
        self.autopass = {1: s["autopass"]["1"], 2: s["autopass"]["2"]}
        self.result, self.created = s["result"], s["created"]
        self.status = RoomStatus(s["status"]) if "status" in s else self._status_from_view()
        self.clocks = clocks_from_state(s["clocks"], now)
        self.finished_at = None if s["finished_ago"] is None else now - s["finished_ago"]
        seats = s.get("players") or {}
        self.players = {1: seats.get("1"), 2: seats.get("2")}
        self.bots = dict(s.get("bots") or {})
        self.started, self.ended, self.recorded = s.get("started"), s.get("ended"), bool(s.get("recorded"))
        names = s.get("names") or {}
        self.names = {1: names.get("1"), 2: names.get("2")}
        self.rematch = s.get("rematch")
        if "decks" in s:                     # the seats' decks and labels (chosen while the room waited)
            self.decks = s["decks"]
            self.options["decks"] = list(s["deck_labels"])

    def _state(self, now: float) -> dict:
        """The room's own state, without the game (msgpack-able; seat tokens only hashed)."""
        return {
            "tokens": {"1": self.tokens[1], "2": self.tokens[2]},
            "autopass": {"1": self.autopass[1], "2": self.autopass[2]}, "result": self.result,
            "created": self.created, "clocks": self.clocks.to_state(now),
            "finished_ago": None if self.finished_at is None else now - self.finished_at,
            "status": self.status.value,
            "players": {"1": self.players[1], "2": self.players[2]}, "bots": self.bots,
            "started": self.started, "ended": self.ended, "recorded": self.recorded,
            "names": {"1": self.names[1], "2": self.names[2]}, "rematch": self.rematch,
            "decks": self.decks, "deck_labels": list(self.options["decks"]), "dealt": self.game is not None,
        }

    @classmethod
    def snapshot_sync(cls, blob: bytes, token: str | None, engine, settings: Settings,
                      entries: list[bytes] = ()) -> list | None:
        """Frames resyncing one relayed connection from a stored snapshot and the log ``entries`` written after
        it (docs/scaling.md "Relays").

        ``token``: the connection's seat token (None = spectator). Returns ``[(frame_bytes, v, full)]`` (the sync,
        then the end frame once the game is over), or None when the token matches no seat or the room admits no
        spectators. Raises like :meth:`restore` on a corrupt snapshot.
        """
        r = cls.restore(blob, engine, None, settings, Metrics(), entries)
        seat = r._seat_for(token)
        if seat is False or (seat is None and not r.options["spectators"]):
            return None
        out = [(wire.encode(r.versions.sync(seat, r.clock_frame(time.monotonic()))), r.v, True)]
        end = r.versions.end_frame()
        if end is not None:
            out.append((wire.encode(end), None, False))
        return out

    def snapshot(self) -> bytes:
        """Everything needed to resume the room in another process (msgpack). Seat tokens appear only hashed.
        ``journal``: the room's journal at this version (:meth:`Journal.to_state`, msgpack, zlib; only once the
        journal exists), so that a restore need not replay the whole game for it. Like the game snapshot beside
        it, it is server-side state: no frame carries it (each viewer's views carry only that viewer's journal)."""
        journal = None
        if self.game is not None and self._journal is not None:
            journal = zlib.compress(msgpack.packb(self._journal.to_state(), use_bin_type=True), 1)
        return msgpack.packb({
            "id": self.id, "options": self.options, "seed": self.seed, "decks": self.decks,
            "game": None if self.game is None else self.game.snapshot(), "seq": self._seq, "v": self.v,
            "journal": journal, **self._state(time.monotonic()),
        }, use_bin_type=True)

    def _unpack_journal(self, blob: bytes) -> Journal | None:
        """The journal a snapshot kept, or None (then rebuilt from the game's log when first needed) when it does
        not read back (logged)."""
        try:
            return Journal.from_state(msgpack.unpackb(zlib.decompress(blob), strict_map_key=False))
        except Exception:
            log.exception("room %s: the snapshot's journal could not be read; rebuilding it", self.id)
            return None

    @staticmethod
    def snapshot_version(blob: bytes, engine, entries: list[bytes] = ()) -> int:
        """The room version a :meth:`snapshot` brought forward by its log ``entries`` holds (cheap: no game is
        restored, except for snapshots made before the ``v`` field). Raises like :meth:`restore` on a corrupt
        snapshot or entry."""
        if entries:
            return int(msgpack.unpackb(entries[-1])["v"])
        s = msgpack.unpackb(blob)
        if "v" in s:
            return int(s["v"])
        return engine.Game.restore(s["game"]).version

    def log_entry(self) -> bytes:
        """One change since the last write, for an append-only room store (msgpack): ``{"seq", "v", "actions":
        [[player, action]...] (the engine log since the last write), "room": the room's own state}``; the next
        commit number is taken. Once a write since the deal holds the decks (fixed from the deal on), the state
        leaves out ``decks`` and ``deck_labels`` (about 1.2 of 1.7 KB; issue 21, bytes per commit): a restore keeps
        those of the snapshot or of the entry that dealt."""
        self._seq += 1
        actions = [] if self.game is None else self.game.log[self._logged_v:]
        state = self._state(time.monotonic())
        if self._decks_stored:         # dealt and stored already: the decks cannot change any more
            del state["decks"], state["deck_labels"]
        return msgpack.packb({"seq": self._seq, "v": self.v, "actions": actions, "room": state},
                             use_bin_type=True)

    @property
    def v(self) -> int:
        """The room version (= the engine's ``game.version``; 0 before the deal)."""
        return 0 if self.game is None else self.game.version

    @property
    def journal(self) -> Journal:
        """The room's complete game log per viewer (server/journal.py); a created room starts one, a restored room
        rebuilds it from its seed, decks and action log when first needed (an empty one starting at the current
        version if the log does not replay: logged and kept going)."""
        if self._journal is None:
            try:
                self._journal = Journal.rebuild(self.engine, self.seed, self.decks, self.game.log)
            except Exception:
                log.exception("room %s: the game log could not be rebuilt", self.id)
                self._journal = Journal()
                self._journal.record(self.game, None)
        return self._journal

    def engine_view(self, viewer) -> dict:
        """The engine's view of the game for ``viewer`` (1, 2, None) at the current version, projected once per
        version and viewer however many readers want it (the journal, each tracked viewer's diff, every spectator
        sharing viewer None). Readers must not change it (RoomGame copies it before adding the room's fields).
        The first request of a version projects all three together (``Game.views``: cards seen alike shared).
        The engine game changes only through ``apply``, which moves the version on; the room drops the views once
        an action's frames are built (they live on only as the diffs' last views). Timed as phase ``project``
        (mostly outside ``view``: the journal asks first, right after ``apply``)."""
        game, v, views = self._views
        if game is not self.game or v != self.game.version:
            views = {}
            self._views = (self.game, self.game.version, views)
        got = views.get(viewer)
        if got is None:
            with self.metrics.phase("project"):
                if not views and hasattr(self.game, "views"):    # the journal reads all three: project them
                    views.update(self.game.views(VIEWERS))           # together (cards seen alike built once)
                    for seat in (1, 2):
                        share_alike(views[seat], views[None])
                    return views[viewer]
                got = views[viewer] = self.game.view(viewer)
        return got

    def apply(self, p: int, action: dict) -> list:
        """Apply one engine action (the room's only way to change the game) and move ``status`` on: ``finished``
        once the game has a result, ``playing`` once its events reach turn 1. Raises the engine's EngineError (the
        game and the status unchanged)."""
        journal = self.journal
        with self.metrics.phase("apply"):
            events = self.game.apply(p, action)
        journal.record(self.game, p, self.engine_view)
        if self.game.result is not None or self.result is not None:
            self.status = RoomStatus.FINISHED
        elif self.status is RoomStatus.PRELIMINARY and starts_turns(events):
            self.status = RoomStatus.PLAYING
        return events

    def _status_from_view(self) -> RoomStatus:
        """The status of a room restored from a snapshot older than the ``status`` field (read once, from the
        spectator view: turn 0 or a preliminary prompt means the preliminary phase)."""
        if self.game is None:
            return RoomStatus.WAITING
        if self.result is not None or self.game.result is not None:
            return RoomStatus.FINISHED
        if self.tokens[2] is None:
            return RoomStatus.WAITING
        public = self.game.view(None)
        prompt = public.get("prompt") or {}
        prelim = (public.get("turn") or 0) < 1 or prompt.get("kind") in PRELIM_KINDS
        return RoomStatus.PRELIMINARY if prelim else RoomStatus.PLAYING

    def info(self) -> dict:
        """The lobby entry: id, status, decks, clock (None = no clock), spectators allowed, seats taken/connected,
        display names and bots, whether anyone may take seat 2 (``open``), spectator count, version, result,
        creation time (Unix seconds), the rematch room. ``owners`` (seat -> player id) is for server-side lookups
        only: the lobby strips it from its answers (server/lobby.py ``public_info``)."""
        clock = self.options.get("clock")
        return {
            "id": self.id, "status": self.status.value, "decks": list(self.options["decks"]),
            "clock": None if clock is None else dict(clock), "spectators": bool(self.options["spectators"]),
            "players": self.seat_names(), "bots": self.seat_bots(),
            "open": self.tokens[2] is None and not self._reserved(2),
            "owners": {str(p): self.players[p] for p in (1, 2)}, "rematch": self.rematch,
            "seats": {str(p): {"taken": self.tokens[p] is not None, "connected": self.seat_conn[p] is not None}
                      for p in (1, 2)},
            "watching": sum(1 for s in self.conns.values() if s is None), "v": self.v,
            "result": self.versions.game.result, "created": int(self.created), "rated": self.rated,
        }

    # -- the task ----------------------------------------------------------------------------------------------
    async def run(self) -> None:
        """The room task: read the inbox, apply, broadcast, run clocks and timers until the room closes."""
        self.inbox = self.inbox or await self.bus.mailbox.open_inbox(self.id)
        try:
            if self.game is not None and self._journal is None:
                # a room restored without its journal replays its whole game for it (tens of ms in mid-game; the
                # server's restores build it in their worker thread already, server/rooms.py): in a worker thread,
                # before the first message, so the event loop keeps serving the other rooms and renewing leases
                await asyncio.to_thread(lambda: self.journal)
            await self._publish_info()
            while not self.closed:
                msg = await self.inbox.get(self._timeout())
                if not await self.bus.mailbox.check_owner(self.id):
                    raise BusError("fenced", "This process no longer holds the room's lease.")
                if msg is not None:
                    try:
                        await self._handle(msg)
                    except BusError as e:
                        if e.code == "fenced":
                            raise
                        log.exception("room %s failed on %r", self.id, msg)
                    except Exception:   # a bug must not kill the room: answer and go on
                        log.exception("room %s failed on %r", self.id, msg)
                        conn = getattr(msg, "conn", None)
                        if conn in self.conns:
                            await self._send([conn], Error.of("internal_error", id=getattr(msg, "id", None), v=self.v))
                await self._tick()
        except BusError as e:
            if e.code != "fenced":
                raise
            await self._fenced()
        finally:
            await self.bus.mailbox.close_inbox(self.id)
            await self._refuse_queued()

    async def _refuse_queued(self) -> None:
        """After the inbox closed: answer what was still queued in it (:func:`refuse_queued`): ``room_not_found``
        when the room closed for good, else ``unavailable`` (shut down with its snapshot kept, or fenced: the room
        lives on at its next owner, and the client's retry reaches it). Never raises."""
        await refuse_queued(self.bus, self.id, self.inbox, "room_not_found" if self.gone else "unavailable")

    async def _fenced(self) -> None:
        """Another process owns the room now: write nothing, close this process's connections with 1012."""
        log.warning("room %s: lease lost (fenced); dropping local connections", self.id)
        self.closed = True
        prefix = self.bus.process_id + ":"
        local = [c for c in self.conns if c.startswith(prefix)]
        self.conns.clear()
        if local:
            await self.bus.fanout.deliver(local, None, wire.CLOSE_RESTART)

    def _running(self) -> bool:
        return self.status in (RoomStatus.PRELIMINARY, RoomStatus.PLAYING)

    def _timeout(self) -> float:
        now = time.monotonic()
        times = [now + 3600.0]
        if self._running():
            for d in (self.clocks.deadline(now), self.away.deadline(now)):
                if d is not None:
                    times.append(d)
        if self.finished_at is not None:       # a finished game is kept as a replay, connected or not
            times.append(self.finished_at + self.settings.replay_ttl)
        elif not self.conns:
            times.append(self.empty_since + self._idle_limit())
        return max(0.0, min(times) - now)

    def _idle_limit(self) -> float:
        """Seconds an unconnected room may live: ``waiting_timeout`` while nobody has taken seat 2 (so that unused
        rooms cannot fill the process), else ``idle_timeout``."""
        if self.status is RoomStatus.WAITING:
            return min(self.settings.waiting_timeout, self.settings.idle_timeout)
        return self.settings.idle_timeout

    async def _tick(self) -> None:
        now = time.monotonic()
        if self._running():
            p = self.clocks.expired(now)
            if p is not None:
                await self._on_time(p)
            await endings.on_grace_over(self, now)
        if self.finished_at is not None:
            if now - self.finished_at >= self.settings.replay_ttl:
                await self.close(wire.CLOSE_ROOM_CLOSED)
        elif not self.conns and now - self.empty_since >= self._idle_limit():
            await self.close(wire.CLOSE_ROOM_CLOSED)

    async def close(self, code: int, keep_snapshot: bool = False) -> None:
        """Close the room: connections get ``code``; unless ``keep_snapshot`` (then the snapshot is saved) the
        snapshot and the lobby entry are removed. The task ends after the current message."""
        if self.closed:
            return
        self.closed = True
        await self.bus.fanout.deliver(list(self.conns), None, code)
        self.conns.clear()
        await self._record()
        if keep_snapshot:     # graceful shutdown: the next owner restores it and republishes its lobby entry
            await self.bus.store.save(self.id, self.snapshot())
        else:
            self.gone = True
            await self.bus.store.delete(self.id)
            await self.bus.lobby.drop(self.id)

    # -- messages ----------------------------------------------------------------------------------------------
    async def _handle(self, msg) -> None:
        """Handle one inbox message (server/bus/messages.py). Raises BusError("fenced") to end the room."""
        if isinstance(msg, m.Act):
            await self._on_action(msg)
        elif isinstance(msg, m.Attach):
            await self._on_attach(msg)
        elif isinstance(msg, m.Detach):
            await self._on_detach(msg.conn)
        elif isinstance(msg, m.Resync):
            if msg.conn in self.conns:
                await self._sync(msg.conn)
        elif isinstance(msg, m.Probe):
            known = [c for c in msg.conns if c in self.conns]
            if known:
                await self.bus.fanout.checkpoint(known, self.id, self.v)
            unknown = [c for c in msg.conns if c not in self.conns]
            if unknown:
                await self.bus.fanout.checkpoint(unknown, self.id, None)
        elif isinstance(msg, m.Claim):
            await self.bus.mailbox.reply(msg.reply_to, await self._on_claim(msg))
        elif isinstance(msg, m.ChooseDeck):
            await self.bus.mailbox.reply(msg.reply_to, await self._on_deck(msg))
        elif isinstance(msg, m.EndGame):
            await self.bus.mailbox.reply(msg.reply_to, await endings.on_request(self, msg))
        elif isinstance(msg, m.Rematch):
            await self.bus.mailbox.reply(msg.reply_to, await self._on_rematch(msg))
        elif isinstance(msg, m.Say):
            await self._on_chat(msg)
        elif isinstance(msg, m.Status):
            await self.bus.mailbox.reply(msg.reply_to, self.info())
        elif isinstance(msg, m.Shutdown):
            await self.close(wire.CLOSE_RESTART, keep_snapshot=True)
        elif isinstance(msg, m.Fenced):
            raise BusError("fenced", "The bus found another owner's lease.")
        elif isinstance(msg, m.BackendBack):
            # the backend was unreachable or lost its data: store the state and the lobby entry again. Local
            # connections missed nothing; relayed ones are resynced by their relay, only if they missed a version.
            await self._after_change()
        else:
            log.warning("room %s: unknown inbox message %r dropped", self.id, msg)

    def _claim_seat(self, msg: m.Claim) -> int | None:
        """The seat a claim gets: the seat of the claiming player (by id), or the reserved seat of its bot, else a
        free seat 2."""
        for p in (1, 2):
            if msg.player is not None and self.players[p] == msg.player:
                return p
            if msg.bot is not None and self.bots.get(str(p)) == msg.bot and self.tokens[p] is None:
                return p
        if self.tokens[2] is None and not self._reserved(2):
            return 2
        return None

    async def _on_claim(self, msg: m.Claim) -> dict:
        """HTTP "join" (issue 18 item 3): a player who sits here (or for whom the seat was reserved) gets a fresh
        token for that seat; anyone else takes a free seat 2. A deck given before the deal replaces the seat's.
        Once both seats and both decks are known the game is dealt (everyone re-synced)."""
        seat = self._claim_seat(msg)
        if seat is None:
            return {"ok": False, "code": "seat_taken", "msg": "Both seats of this room are taken."}
        token = secrets.token_urlsafe(32)
        self.tokens[seat] = hash_token(token)
        self.autopass[seat] = bool(msg.autopass)
        if msg.bot:
            self.bots[str(seat)] = msg.bot
        elif msg.player is not None and self.players[seat] is None:
            self.players[seat], self.names[seat] = msg.player, msg.name
        self._choose_deck(seat, msg.deck, msg.label)
        await self._changed_seats()      # the new seat's token is durable before anyone hears of it
        return {"ok": True, "seat": seat, "token": token, "room": self.id}

    def _choose_deck(self, seat: int, deck, label) -> None:
        if deck is not None and self.game is None:
            self.decks[seat - 1] = list(deck)
            labels = list(self.options["decks"])
            labels[seat - 1] = label
            self.options["decks"] = labels

    async def _changed_seats(self) -> None:
        """After a claim or a deck choice: deal when ready, store, re-sync everyone, republish the lobby entry."""
        if self._ready():
            self._deal()
        await self._commit()
        for conn in list(self.conns):
            await self._sync(conn)
        await self._publish_info()

    async def _on_deck(self, msg: m.ChooseDeck) -> dict:
        """A seated player chooses its deck before the deal."""
        seat = self._seat_for(msg.token)
        if not seat:
            return {"ok": False, "code": "unauthorized", "msg": "The seat token is not valid for this room."}
        if self.game is not None:
            return {"ok": False, "code": "already_dealt", "msg": "The game has been dealt; decks are fixed."}
        self._choose_deck(seat, msg.deck, msg.label)
        await self._changed_seats()
        return {"ok": True, "seat": seat}

    async def _on_rematch(self, msg: m.Rematch) -> dict:
        """A player of the finished game asks for a rematch. The first ask names the new room and answers
        ``create`` (seat -> who: the seats swapped; the decks as they were); later asks answer the same room id.
        Everyone here is re-synced so the other player sees the offer (``view.room.rematch``)."""
        seat = next((p for p in (1, 2) if msg.player is not None and self.players[p] == msg.player), None)
        if seat is None:
            return {"ok": False, "code": "not_a_player", "msg": "Only the players of this game can ask for a rematch."}
        if self.status is not RoomStatus.FINISHED:
            return {"ok": False, "code": "not_finished", "msg": "The game is not over yet."}
        if self.rematch is not None:
            return {"ok": True, "room": self.rematch}
        self.rematch = secrets.token_urlsafe(9).replace("-", "x").replace("_", "y")

        def who(p):
            if str(p) in self.bots:
                return {"bot": self.bots[str(p)]}
            return {"player": self.players[p], "name": self.names[p]} if self.players[p] else None
        spec = {"reserved": {"1": who(2), "2": who(1)}, "decks": [self.decks[1], self.decks[0]],
                "options": dict(self.options, decks=[self.options["decks"][1], self.options["decks"][0]])}
        await self._commit()
        for conn in list(self.conns):
            await self._sync(conn)
        await self._publish_info()
        return {"ok": True, "room": self.rematch, "create": spec}

    async def _on_chat(self, msg: m.Say) -> None:
        """A chat line from a connection (server/chat.py): delivered to the viewers allowed to read its channel."""
        conn = msg.conn
        if conn not in self.conns:
            return
        seat = self.conns[conn]
        name = self.names[seat] if seat in (1, 2) else None
        try:
            line = self.chat.post(conn, seat, name or "", msg.text, time.monotonic())
        except ChatRefused as e:
            await self._send([conn], Error.of(e.code, v=self.v))
            return
        finished = self.status is RoomStatus.FINISHED
        to = [c for c, s in self.conns.items() if reads(s, line.channel, finished)]
        if to:
            await self._send(to, line)

    def _seat_for(self, token) -> int | None | bool:
        """Seat 1/2 for a matching token, None for no token, False for a token matching no seat."""
        if token is None:
            return None
        h = hash_token(token) if isinstance(token, str) else ""
        found = False
        for p in (1, 2):   # compare against both seats in constant time
            if self.tokens[p] is not None and hmac.compare_digest(h, self.tokens[p]):
                found = p
        return found

    async def _on_attach(self, msg: m.Attach) -> None:
        conn = msg.conn
        seat = self._seat_for(msg.token)
        if seat is False:
            await self._send([conn], Error.of("unauthorized", v=self.v), close=wire.CLOSE_UNAUTHORIZED)
            return
        if seat is None and not self.options["spectators"]:
            await self._send([conn], Error.of("unauthorized", msg="This room does not admit spectators.", v=self.v),
                             close=wire.CLOSE_UNAUTHORIZED)
            return
        if seat is not None:
            old = self.seat_conn[seat]
            if old is not None and old != conn:
                self.conns.pop(old, None)
                await self.bus.fanout.deliver([old], None, wire.CLOSE_SUPERSEDED)
            self.seat_conn[seat] = conn
            self.clocks.reconnected(seat, time.monotonic())
        self.conns[conn] = seat
        back = seat is not None and seat in self.away.since
        if back:
            self.away.back(seat)
        await self._sync(conn)
        if back:
            await self._presence_changed(conn)
        for line in self.chat.history(seat, self.status is RoomStatus.FINISHED):
            await self._send([conn], line)
        await self._publish_info()

    async def _on_detach(self, conn: str) -> None:
        if conn not in self.conns:
            return
        seat = self.conns.pop(conn)
        self.chat.forget(conn)
        if seat is not None and self.seat_conn[seat] == conn:
            self.seat_conn[seat] = None
            self.clocks.disconnected(seat, time.monotonic())
            if self._running():
                self.away.left(seat, time.monotonic())
                await self._presence_changed(None)
        if seat not in self.conns.values():
            self.versions.forget(seat)
        if not self.conns:
            self.empty_since = time.monotonic()
        await self._publish_info()

    async def _on_action(self, msg: m.Act) -> None:
        conn = msg.conn
        if conn not in self.conns:
            return
        seat = self.conns[conn]
        outcome = self.versions.submit(seat, Action(msg.id, msg.v, msg.action))
        if outcome.reply is not None:
            await self._send([conn], outcome.reply)
        if outcome.applied:
            await self._after_apply(seat, outcome.broadcast, msg.ts)

    async def _on_time(self, p: int) -> None:
        """Issue item 5: an empty bank passes where passing is legal, otherwise its player loses on time."""
        if any(a.get("act") == "pass" for a in self.game.legal_actions(p)):
            self.apply(p, {"act": "pass"})
        else:
            self.apply(p, {"act": "concede", "reason": "time"})
            self.result = {"winner": 3 - p, "reason": "time"}
        await self._after_apply(p, self.versions.advance(), None)

    # -- applying and broadcasting -----------------------------------------------------------------------------
    async def _after_apply(self, acted: int, frames: dict, ts) -> None:
        """After an applied action of ``acted``: run clocks (the increment when a turn ended; no bank runs for a
        seat the room passes for), apply automatic passes (RULES.md Q10), make the new state durable (persistent buses), then broadcast every version's frames (viewer -> message) and the end."""
        out: list = []
        for _ in range(AUTOPASS_LIMIT + 1):
            self.metrics.actions_applied += 1
            now = time.monotonic()
            q = None if self.versions.game.result is not None else self.game.to_act()
            auto = q is not None and self.autopass[q] and only_pass(self.versions.game.legal_actions(q))
            ended = self.turns.ended(getattr(self.game, "turn", 0), getattr(self.game, "active", None))
            self.clocks.switch(None if auto else q, now, ended)    # the room's passes cost nobody time
            clocks = self.clock_frame(now)
            for viewer, frame in frames.items():
                frame = dataclasses.replace(frame, clocks=clocks)
                data = None
                if getattr(frame, "id", None) is not None:
                    with self.metrics.phase("encode"):
                        data = wire.encode(frame)       # once: for the ledger and for the send below
                    self.versions.remember(viewer, frame.id, frame, data)   # a repeated id gets these very clocks
                conns = [c for c, s in self.conns.items() if s == viewer]
                if conns:
                    out.append((conns, frame, True, data))
            end = self.versions.end_frame()
            if end is not None and self.conns:
                out.append((list(self.conns), end, False, None))
            if end is not None or not auto:
                break
            self.apply(q, {"act": "pass"})
            frames = self.versions.advance()
        self._views = (None, -1, {})  # the frames are built: the journal and the diffs read no more views of v
        self.versions.game.forget_legal()       # nor its legal list (memory)
        sends = []
        with self.metrics.phase("encode"):
            for conns, message, versioned, data in out:
                v = getattr(message, "v", None) if versioned else None
                sends.append((conns, wire.encode(message) if data is None else data, v,
                              versioned and isinstance(message, Sync)))
        # frames for other processes may ride with the commit (published once it is durable: issue 21 item 4)
        carry = self.bus.fanout.carry(self.id, sends) if self.bus.store.appends else None
        if self._journal is not None:
            self._journal.settled()
        with self.metrics.phase("commit"):
            await self._commit(carry)      # durable before broadcast (issue "several processes", item 3)
        with self.metrics.phase("send"):
            for i, (conns, data, v, full) in enumerate(sends):
                await self.bus.fanout.deliver(conns, data, room=self.id, v=v, full=full,
                                              published=carry.published(i) if carry is not None else frozenset())
        if ts is not None:
            self.metrics.latency.observe(max(0.0, time.monotonic() - ts))
        await self._publish_moved()

    async def _commit(self, carry=None) -> None:
        """Finish time and the game's record in the store (once), then make the change durable on a persistent
        room store: one log entry (append-only stores), or the whole snapshot every ``snapshot_every`` entries and
        on other stores (raises BusError("fenced") when the lease is lost). ``carry``: the change's frames that may
        ride with the log entry (server/bus/interfaces.py ``FanOut.carry``; not with a whole snapshot)."""
        if self.status is RoomStatus.FINISHED and self.finished_at is None:
            self.finished_at = time.monotonic()
            self.ended = time.time()
        await self._record()
        store = self.bus.store
        if not (self.settings.snapshot_each_action and store.persistent):
            return
        whole = not store.appends or self._unsnapshotted >= self.settings.snapshot_every
        if not whole:
            seq = self._seq
            try:
                await store.append(self.id, seq + 1, self.log_entry(), carry=carry)
                self._unsnapshotted += 1
            except BusError as e:
                self._seq = seq          # not written: the next write carries these actions again
                if e.code != "snapshot_needed":
                    raise
                whole = True             # the store lost the room's snapshot (Redis lost its data): store it whole
            except BaseException:
                self._seq = seq
                raise
        if whole:
            await store.save(self.id, self.snapshot())
            self._unsnapshotted = 0
        self._logged_v = self.v
        self._decks_stored = self.game is not None

    async def _record(self) -> None:
        """Keep the finished game in the store (server/store/record.py), once; a store error is logged and the
        next commit, the close or the restored room tries again (recording is idempotent)."""
        if self.finished_at is None or self.recorded or self.recorder is None:
            return
        try:
            await self.recorder(self)
            self.recorded = True
        except Exception:
            log.exception("room %s: the finished game could not be recorded", self.id)

    async def _after_change(self) -> None:
        """Bookkeeping after any change: finish time, snapshot (persistent buses), lobby entry."""
        await self._commit()
        await self._publish_info()

    async def _sync(self, conn: str) -> None:
        """Send ``conn`` the full view of its seat, its legal actions and the clocks (issue item 4)."""
        frame = self.versions.sync(self.conns[conn], self.clock_frame(time.monotonic()))
        await self._send([conn], frame, versioned=True)
        end = self.versions.end_frame()
        if end is not None:
            await self._send([conn], end)

    def clock_frame(self, now: float) -> dict | None:
        """The frames' ``clocks``: the banks (server/clock.py ``to_wire``; None without a clock) and, while a seat
        is away, ``"away": {"<seat>": ms of grace left}`` (server/endings.py; then a dict even without a clock)."""
        banks = self.clocks.to_wire(now)
        away = self.away.wire(now) if self._running() else None
        return banks if away is None else dict(banks or {}, away=away)

    async def _presence_changed(self, skip: str | None) -> None:
        """A seat went away or came back: every other connection gets a fresh sync (the away notice and the held
        clock show at once), the lobby entry follows."""
        for conn in [c for c in self.conns if c != skip]:
            await self._sync(conn)

    async def _send(self, conns: list[str], message, close: int | None = None, versioned: bool = False) -> None:
        """Encode once and deliver; ``versioned``: a Diff/Sync in the room's version sequence (relays check it)."""
        v = getattr(message, "v", None) if versioned else None
        with self.metrics.phase("encode"):
            data = wire.encode(message)
        with self.metrics.phase("send"):
            await self.bus.fanout.deliver(conns, data, close, room=self.id, v=v,
                                          full=versioned and isinstance(message, Sync))
        if close is not None:
            for c in conns:
                self.conns.pop(c, None)

    async def _publish_info(self) -> None:
        """Put the room's lobby entry (:meth:`info`), unless the room is closed."""
        if not self.closed:
            self._info = self.info()
            await self.bus.lobby.put(self.id, self._info)

    async def _publish_moved(self) -> None:
        """Put the lobby entry after applied actions (issue 21 item 2: CPU per client action): actions change the
        game, never the seats, connections, names, options or rematch, so of :meth:`info` only ``status``, ``v``
        and ``result`` can differ from the entry put last; that entry is copied with those three (a new dict: the
        lobby may still hold the old one) instead of building every field again. The same entry as :meth:`info`
        (tests/server/test_lobby_after_action.py)."""
        last = self._info
        if last is None:
            await self._publish_info()
        elif not self.closed:
            self._info = {**last, "status": self.status.value, "v": self.v, "result": self.versions.game.result}
            await self.bus.lobby.put(self.id, self._info)
