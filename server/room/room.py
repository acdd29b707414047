"""One room = one asyncio task, the only writer of its engine ``Game``, fed by its bus inbox.

Lifecycle (``status``, a :class:`RoomStatus` the room sets itself on each transition): ``waiting`` (seat 2 free;
nobody may act) -> ``preliminary`` (deal, redeal, hidden recruitment and placement, chosen through ordinary actions)
-> ``playing`` (from the first event of turn 1) -> ``finished`` (kept as a replay for ``replay_ttl`` seconds) ->
closed. An unfinished room with no connection for ``idle_timeout`` seconds (``waiting_timeout`` while seat 2 is free)
is closed too.

The room version ``v`` is the engine's ``game.version`` (protocol/versioning.py ``RoomVersions`` builds the frames
and keeps the idempotency ledger of client action ids). Every applied action is broadcast as one per-viewer frame:
each seat's connection gets the diff of its own view, every spectator the diff of the spectator view (engine
``view(None)``); a viewer never receives another viewer's projection. The seed is secret until the game ends.

On a persistent bus every change is durable before its result is broadcast (server/room/persistence.py). A room
whose owner lease was lost (the bus raises BusError("fenced") or ``check_owner`` says so) writes nothing more: it
closes its local connections with 1012 (they reconnect to the new owner) and ends.

:class:`Room` holds the game and its setup (``options``, ``seed``, ``decks``, ``game``, ``versions``, ``status``,
``result``, the times) and one object per job, each in its module of this package: ``seats``
(server/room/seats.py), ``audience`` (connections and frames, broadcast.py), ``chat`` (server/chat.py; chat.py),
``clocks`` (server/clock.py; timers in clocks.py), ``journals`` (journal.py), ``store`` (snapshot, log entries,
commits: persistence.py), ``lobby`` (the lobby entry: lobby_entry.py), ``cache`` (cache.py); the rematch is
rematch.py. Public API (used by server/rooms.py and server/app.py): ``Room.create(...)``, ``Room.restore(...)``,
``run()`` (the task body), ``snapshot()``, ``info()``, ``Room.snapshot_sync(...)``, ``Room.snapshot_version(...)``.
Everything else reaches a room only as an inbox message (server/bus/messages.py; besides those, the mailbox itself
may queue ``Fenced`` and ``BackendBack``), dispatched by :meth:`Room.handle`.
"""
from __future__ import annotations

import asyncio
import logging
import secrets
import time

import msgpack
from protocol import Action, Error, RoomVersions
from protocol.diff import diff

from .. import wire
from ..bus import Bus, BusError
from ..bus import messages as m
from ..chat import RoomChat
from ..clock import Clocks, TurnWatch, clocks_for
from ..journal import Journal
from ..metrics import Metrics
from ..settings import Settings
from ..tutorial import new_game
from .. import store_outage
from ..store_outage import Outage
from . import clocks as timers
from . import endings
from .away import Away, clock_frame
from .broadcast import Audience, broadcast_applied, version_step
from .cache import RoomCache
from .chat import on_chat
from .journal import RoomJournal
from .lobby_entry import LobbyEntry
from .persistence import Persistence
from .rematch import on_rematch
from .seats import Seats, on_claim, on_deck, on_renamed
from .status import RoomStatus, starts_turns
from .views import RoomGame, engine_view

log = logging.getLogger("server.room")

LEDGER_SIZE = 256          # remembered action ids per seat (idempotency, protocol/versioning.py)


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
    text = "room_closed" if gone else "room_moving"       # its sentence key (server/error_texts.py)
    close = wire.CLOSE_ROOM_NOT_FOUND if gone else wire.CLOSE_SERVER_FULL
    while inbox is not None:
        msg = await inbox.get(0)
        if msg is None:
            return
        try:
            if getattr(msg, "reply_to", ""):
                await bus.mailbox.reply(msg.reply_to, {"ok": False, "code": code, "msg": sentence, "text": text})
            elif isinstance(msg, m.Attach):
                await bus.fanout.deliver([msg.conn], wire.encode(Error.of(code)), close)
        except Exception:
            log.exception("room %s: a message queued at its end could not be answered", room_id)


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
        self.status = RoomStatus.WAITING
        self.result: dict | None = None          # a loss on time, a claimed win, an abort (else the engine's result)
        self.rematch: str | None = None          # the id of the rematch room, once a seat asked for one
        self.rematch_declined: int | None = None  # the seat that declined (or withdrew) the rematch
        self.rematch_by: int | None = None        # the seat that asked for the rematch
        self.rematch_started = False             # the rematch room was dealt (server/room/rematch.py)
        self.clocks: Clocks | None = None
        self.created = time.time()
        self.started: float | None = None          # Unix s of the deal (both seats and decks known)
        self.ended: float | None = None            # Unix s when the game ended
        self.finished_at: float | None = None      # monotonic
        self.recorded = False                      # the finished game is in the store (server/store/record.py)
        self.recorder = None                       # async recorder(room) -> None, set by server/rooms.py
        self.closed = False
        self.gone = False                          # closed for good: the snapshot and lobby entry are deleted
        self.inbox = None
        self.seats = Seats()
        self.audience = Audience(self)
        self.chat = RoomChat()
        self.journals = RoomJournal(self)
        self.store = Persistence(self)
        self.lobby = LobbyEntry(self)
        self.cache = RoomCache()
        self.away = Away(settings.disconnect_grace)   # seats whose last connection is gone (away.py)
        self.turns = TurnWatch()                   # whose turn ended: the clock's increment (server/clock.py)
        self.outage = Outage()                     # the store failed: the change is held (server/store_outage.py)
        self.stepped: tuple | None = None          # (version, seat to act, passed for) of the last version step

    def _init_game(self, game) -> None:
        self.game = game
        room_game = RoomGame(self)
        self.versions = RoomVersions(room_game, ledger_size=LEDGER_SIZE, diff=diff, views=room_game.views,
                                     phase=self.metrics.phase, on_version=lambda: version_step(self))

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

        Nothing is dealt until both seats and both decks are known. The seed comes from ``secrets`` (unless
        ``settings.fixed_seed`` is set, for tests) and stays secret until the game ends. Raises the engine's
        EngineError for unknown decks.
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
            r.seats.reserve(reserved)
            return r, None
        token = r.seats.issue(1)
        r.seats.autopass[1] = bool(autopass)
        r.seats.players[1], r.seats.names[1] = player, name
        return r, token

    @classmethod
    def restore(cls, blob: bytes, engine, bus: Bus, settings: Settings, metrics: Metrics,
                entries: list[bytes] = ()) -> "Room":
        """The room a :meth:`snapshot` described, brought forward by the log entries written after it (an
        append-only room store, server/store/rooms.py). Connections and the action-id ledger are not restored;
        clocks are held for the grace period while players reconnect (time while no process held the room is not
        charged). Raises ValueError/KeyError on a corrupt snapshot or entry (also when an entry's actions do not
        reach its version), the engine's EngineError on a bad game snapshot or a refused logged action."""
        s = msgpack.unpackb(blob)
        r = cls(s["id"], engine, bus, settings, metrics)
        r.options, r.seed, r.decks = s["options"], s["seed"], s["decks"]
        r._init_game(None if s["game"] is None else engine.Game.restore(s["game"]))
        r.store.load(s, entries)
        endings.restored(r)
        return r

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
        seat = r.seats.seat_for(token)
        if seat is False or (seat is None and not r.options["spectators"]):
            return None
        out = [(wire.encode(r.versions.sync(seat, clock_frame(r, time.monotonic()))), r.v, True)]
        end = r.versions.end_frame()
        if end is not None:
            out.append((wire.encode(end), None, False))
        return out

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

    def snapshot(self) -> bytes:
        """Everything needed to resume the room in another process (server/room/persistence.py ``snapshot``)."""
        return self.store.snapshot()

    @property
    def rated(self) -> bool:
        """Rated by the creator's choice (``options["rated"]``, true when not said: rooms made before the choice
        existed) and never with a computer seat."""
        return bool(self.options.get("rated", True)) and not self.seats.bots

    @property
    def counts_for_rating(self) -> bool:
        """The finished game may change ratings: the room is :attr:`rated` and the game was not aborted
        (server/room/endings.py; server/store/record.py adds: two distinct registered players)."""
        return self.rated and (self.result or {}).get("reason") != endings.ABORTED

    def info(self) -> dict:
        """The lobby entry (server/room/lobby_entry.py ``info``)."""
        return self.lobby.info()

    # -- the game ----------------------------------------------------------------------------------------------
    @property
    def v(self) -> int:
        """The room version (= the engine's ``game.version``; 0 before the deal)."""
        return 0 if self.game is None else self.game.version

    @property
    def journal(self) -> Journal:
        """The room's complete game log per viewer (server/room/journal.py ``RoomJournal.get``)."""
        return self.journals.get()

    def engine_view(self, viewer) -> dict:
        """The engine's view for ``viewer`` at the current version, projected once (server/room/views.py)."""
        return engine_view(self, viewer)

    def deal(self) -> None:
        """Create the engine game once both seats and both decks are known; start the clock of the seat to act. The
        status is ``preliminary``, or ``playing`` for a game dealt at turn 1 or later (a tutorial's prepared battle,
        server/tutorial.py). A seat not connected by then is away from now (a tutorial's learner for a shorter
        while, server/room/endings.py ``first_wait``)."""
        self.game = new_game(self.engine, self.options, self.seed, self.decks)
        self.journals.reset()                # started from the deal on first use
        self.status = RoomStatus.PLAYING if (self.game.turn or 0) >= 1 else RoomStatus.PRELIMINARY
        self.started = time.time()
        now = time.monotonic()
        for p in (1, 2):
            if self.audience.seat_conn[p] is None:
                self.clocks.disconnected(p, now)
                self.away.left(p, now, endings.first_wait(self, p))
        self.clocks.switch(self.game.to_act(), now)

    def apply(self, p: int, action: dict) -> list:
        """Apply one engine action (the room's only way to change the game) and move ``status`` on: ``finished``
        once the game has a result, ``playing`` once its events reach turn 1. Raises the engine's EngineError (the
        game and the status unchanged)."""
        journal = self.journal
        with self.metrics.phase("apply"):
            events = self.game.apply(p, action)
        views = self.cache.views(self.game)            # this version's engine views, projected on first use
        journal.record(self.game, p, lambda viewer: engine_view(self, viewer, views))
        if self.game.result is not None or self.result is not None:
            self.status = RoomStatus.FINISHED
        elif self.status is RoomStatus.PRELIMINARY and starts_turns(events):
            self.status = RoomStatus.PLAYING
        return events

    # -- the task ----------------------------------------------------------------------------------------------
    async def run(self) -> None:
        """The room task: read the inbox, apply, broadcast, run clocks and timers until the room closes."""
        self.inbox = self.inbox or await self.bus.mailbox.open_inbox(self.id)
        try:
            if self.game is not None and not self.journals.held:
                # a room restored without its journal replays its whole game for it (tens of ms in mid-game; the
                # server's restores build it in their worker thread already, server/rooms.py): in a worker thread,
                # before the first message, so the event loop keeps serving the other rooms and renewing leases
                await asyncio.to_thread(lambda: self.journal)
            await self.lobby.publish()
            while not self.closed:
                msg = await self.inbox.get(timers.timeout(self))
                if not await self.bus.mailbox.check_owner(self.id):
                    raise BusError("fenced", "This process no longer holds the room's lease.")
                if msg is not None:
                    await self._handle_safely(msg)
                    if not self.closed and not self.outage.held:
                        await self.store.compact()      # after the broadcast: no change waits for a snapshot
                await timers.tick(self)
                await endings.on_grace_over(self, time.monotonic())
        except BusError as e:
            if e.code != "fenced":
                raise
            await self._fenced()
        finally:
            await self.bus.mailbox.close_inbox(self.id)
            await refuse_queued(self.bus, self.id, self.inbox, "room_not_found" if self.gone else "unavailable")

    async def _handle_safely(self, msg) -> None:
        """:meth:`handle`, where a bug answers ``internal_error`` and the room goes on; a fenced bus ends it."""
        try:
            await self.handle(msg)
        except BusError as e:
            if e.code == "fenced":
                raise
            log.exception("room %s failed on %r", self.id, msg)
        except Exception:   # a bug must not kill the room: answer and go on
            log.exception("room %s failed on %r", self.id, msg)
            conn = getattr(msg, "conn", None)
            if conn in self.audience.conns:
                await self.audience.send([conn], Error.of("internal_error", id=getattr(msg, "id", None), v=self.v))

    async def _fenced(self) -> None:
        """Another process owns the room now: write nothing, close this process's connections with 1012."""
        log.warning("room %s: lease lost (fenced); dropping local connections", self.id)
        self.closed = True
        await self.audience.drop_local(wire.CLOSE_RESTART)

    async def close(self, code: int, keep_snapshot: bool = False) -> None:
        """Close the room: connections get ``code``; unless ``keep_snapshot`` (then the snapshot is saved) the
        snapshot and the lobby entry are removed. The task ends after the current message."""
        if self.closed:
            return
        self.closed = True
        await self.audience.close_all(code)
        await self.store.record()
        if keep_snapshot:     # graceful shutdown: the next owner restores it and republishes its lobby entry
            await self.bus.store.save(self.id, self.snapshot())
        else:
            self.gone = True
            await self.bus.store.delete(self.id)
            await self.bus.lobby.drop(self.id)

    # -- messages ----------------------------------------------------------------------------------------------
    async def handle(self, msg) -> None:
        """Handle one inbox message (server/bus/messages.py). Raises BusError("fenced") to end the room."""
        reply = self.bus.mailbox.reply
        if self.outage.held and await store_outage.refused_while_held(self, msg):
            return
        if isinstance(msg, m.Act):
            await self._on_action(msg)
        elif isinstance(msg, m.Attach):
            await self.audience.attach(msg)
        elif isinstance(msg, m.Detach):
            await self.audience.detach(msg.conn)
        elif isinstance(msg, m.Resync):
            if msg.conn in self.audience.conns:
                await self.audience.sync(msg.conn)
        elif isinstance(msg, m.Probe):
            await self._on_probe(msg)
        elif isinstance(msg, m.Claim):
            await reply(msg.reply_to, await store_outage.call(self, on_claim(self, msg)))
        elif isinstance(msg, m.ChooseDeck):
            await reply(msg.reply_to, await store_outage.call(self, on_deck(self, msg)))
        elif isinstance(msg, m.EndGame):
            await reply(msg.reply_to, await store_outage.call(self, endings.on_request(self, msg)))
        elif isinstance(msg, m.Rematch):
            answer = await store_outage.call(self, on_rematch(self, msg))
            if msg.reply_to:             # a rematch room telling it was dealt waits for no answer
                await reply(msg.reply_to, answer)
        elif isinstance(msg, m.Say):
            await on_chat(self, msg)
        elif isinstance(msg, m.Renamed):
            await on_renamed(self, msg)
        elif isinstance(msg, m.Status):
            await reply(msg.reply_to, self.info())
        elif isinstance(msg, m.Shutdown):
            await self.close(wire.CLOSE_RESTART, keep_snapshot=True)
        elif isinstance(msg, m.Fenced):
            raise BusError("fenced", "The bus found another owner's lease.")
        elif isinstance(msg, m.BackendBack):
            # the backend was unreachable or lost its data: store the state and the lobby entry again. Local
            # connections missed nothing; relayed ones are resynced by their relay, only if they missed a version.
            await self.store.commit()
            await self.lobby.publish()
        else:
            log.warning("room %s: unknown inbox message %r dropped", self.id, msg)

    async def _on_probe(self, msg: m.Probe) -> None:
        """A relay asks which connections the room knows: a checkpoint at the room's version for those, None for
        the others (server/bus/interfaces.py ``FanOut.checkpoint``)."""
        conns = self.audience.conns
        known = [c for c in msg.conns if c in conns]
        if known:
            await self.bus.fanout.checkpoint(known, self.id, self.v)
        unknown = [c for c in msg.conns if c not in conns]
        if unknown:
            await self.bus.fanout.checkpoint(unknown, self.id, None)

    async def _on_action(self, msg: m.Act) -> None:
        """A client action: through the versions' ledger (stale, repeated, refused or applied), then broadcast."""
        conn = msg.conn
        if conn not in self.audience.conns:
            return
        seat = self.audience.conns[conn]
        if self.outage.held:        # before the ledger: it never answers an id that is not committed
            await self.audience.send([conn], store_outage.refusal(self, msg.id))
            return
        outcome = self.versions.submit(seat, Action(msg.id, msg.v, msg.action))
        if outcome.reply is not None:
            await self.audience.send([conn], outcome.reply)
        if outcome.applied and not await broadcast_applied(self, seat, outcome.broadcast, msg.ts):
            await self.audience.send([conn], store_outage.refusal(self, msg.id))
