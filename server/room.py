"""One room = one asyncio task, the only writer of its engine ``Game``, fed by its bus inbox (issue items 3-6).

Lifecycle (``status``): ``waiting`` (seat 2 free; nobody may act) -> ``preliminary`` (deal, redeal, hidden
recruitment and placement, chosen through ordinary actions) -> ``playing`` -> ``finished`` (kept as a replay for
``replay_ttl`` seconds) -> closed. A room with no connection for ``idle_timeout`` seconds is closed too.

Every applied action bumps the room version ``v`` by one and is broadcast as one per-viewer frame: each seat's
connection gets the diff of its own view, every spectator the diff of the spectator view (engine ``view(None)``);
a viewer never receives another viewer's projection. The seed is secret until the game ends; then every view
carries ``"replay": {"seed", "decks", "log"}``.

Public API (used by :mod:`server.rooms`): ``Room.create(...)``, ``Room.restore(...)``, ``run()`` (the task body),
``snapshot()``, ``info()``. Everything else reaches a room only as an inbox message (see :mod:`server.bus`).
"""
from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import time
from collections import OrderedDict

import msgpack

from . import wire
from .bus import Bus
from .clock import Clocks
from .metrics import Metrics
from .settings import Settings

log = logging.getLogger("server.room")

LEDGER_SIZE = 256          # remembered action ids per seat (idempotency)
AUTOPASS_LIMIT = 500       # automatic passes in a row before the room stops passing (engine safety net)
PRELIM_KINDS = {"first", "redeal", "recruit", "deploy"}


def hash_token(token: str) -> str:
    """Hex SHA-256 of a seat token (rooms and snapshots keep only this)."""
    return hashlib.sha256(token.encode()).hexdigest()


def only_pass(legal: list[dict]) -> bool:
    """RULES.md Q10: the player's only legal action is ``pass`` (``concede`` is always legal and does not count)."""
    acts = [a for a in legal if a.get("act") != "concede"]
    return len(acts) == 1 and acts[0].get("act") == "pass"


class Room:
    """A room task. Build with :meth:`create` or :meth:`restore`, then run :meth:`run` as a task."""

    def __init__(self, room_id: str, engine, bus: Bus, settings: Settings, metrics: Metrics) -> None:
        self.id = room_id
        self.engine, self.bus, self.settings, self.metrics = engine, bus, settings, metrics
        self.options: dict = {}
        self.seed = 0
        self.decks: list[list[str]] = []
        self.game = None
        self.tokens: dict[int, str | None] = {1: None, 2: None}     # seat -> token hash
        self.autopass = {1: True, 2: True}
        self.status = "waiting"
        self.result: dict | None = None
        self.v = 0
        self.ledger: dict[int, OrderedDict] = {1: OrderedDict(), 2: OrderedDict()}
        self.clocks: Clocks | None = None
        self.created = time.time()
        self.finished_at: float | None = None      # monotonic
        self.conns: dict[str, int | None] = {}     # conn id -> seat (None = spectator)
        self.seat_conn: dict[int, str | None] = {1: None, 2: None}
        self.views: dict = {1: None, 2: None, None: None}
        self.empty_since = time.monotonic()
        self.closed = False
        self.inbox = None

    # -- construction ------------------------------------------------------------------------------------------
    @classmethod
    def create(cls, room_id: str, options: dict, engine, bus: Bus, settings: Settings, metrics: Metrics,
               autopass: bool = True) -> tuple["Room", str]:
        """A new waiting room. ``options``: ``{"decks": [name1, name2], "clock": {"base": s, "increment": s},
        "spectators": bool}`` (validated by the lobby). Returns ``(room, seat-1 token)``.

        The seed comes from ``secrets`` and stays secret until the game ends. Raises the engine's EngineError for
        unknown decks.
        """
        r = cls(room_id, engine, bus, settings, metrics)
        r.options = options
        r.seed = secrets.randbits(62)
        r.decks = [engine.load_deck(options["decks"][0]), engine.load_deck(options["decks"][1])]
        r.game = engine.Game.new(seed=r.seed, deck1=r.decks[0], deck2=r.decks[1])
        token = secrets.token_urlsafe(32)
        r.tokens[1] = hash_token(token)
        r.autopass[1] = bool(autopass)
        clock = options["clock"]
        r.clocks = Clocks(clock["base"], clock["increment"], settings.disconnect_grace)
        return r, token

    @classmethod
    def restore(cls, blob: bytes, engine, bus: Bus, settings: Settings, metrics: Metrics) -> "Room":
        """The room a :meth:`snapshot` described (connections are not restored; clocks are held for the grace
        period while players reconnect). Raises ValueError/KeyError on a corrupt snapshot."""
        s = msgpack.unpackb(blob, strict_map_key=False)
        r = cls(s["id"], engine, bus, settings, metrics)
        r.options, r.seed, r.decks = s["options"], s["seed"], s["decks"]
        r.game = engine.Game.restore(s["game"])
        r.tokens = {1: s["tokens"]["1"], 2: s["tokens"]["2"]}
        r.autopass = {1: s["autopass"]["1"], 2: s["autopass"]["2"]}
        r.status, r.result, r.v, r.created = s["status"], s["result"], s["v"], s["created"]
        for p in (1, 2):
            r.ledger[p] = OrderedDict((k, tuple(v)) for k, v in s["ledger"][str(p)])
        now = time.monotonic()
        r.clocks = Clocks.from_state(s["clocks"], now)
        if s["finished_ago"] is not None:
            r.finished_at = now - s["finished_ago"]
        return r

    def snapshot(self) -> bytes:
        """Everything needed to resume the room in another process (msgpack). Seat tokens appear only hashed."""
        now = time.monotonic()
        return msgpack.packb({
            "id": self.id, "options": self.options, "seed": self.seed, "decks": self.decks,
            "game": self.game.snapshot(), "tokens": {"1": self.tokens[1], "2": self.tokens[2]},
            "autopass": {"1": self.autopass[1], "2": self.autopass[2]}, "status": self.status,
            "result": self.result, "v": self.v, "created": self.created,
            "ledger": {str(p): [[k, list(v)] for k, v in self.ledger[p].items()] for p in (1, 2)},
            "clocks": self.clocks.to_state(now),
            "finished_ago": None if self.finished_at is None else now - self.finished_at,
        }, use_bin_type=True)

    def info(self) -> dict:
        """The lobby entry (no secrets): id, status, decks, clock, spectators allowed, seats taken/connected,
        spectator count, version, result, creation time (Unix seconds)."""
        return {
            "id": self.id, "status": self.status, "decks": list(self.options["decks"]),
            "clock": dict(self.options["clock"]), "spectators": bool(self.options["spectators"]),
            "seats": {str(p): {"taken": self.tokens[p] is not None, "connected": self.seat_conn[p] is not None}
                      for p in (1, 2)},
            "watching": sum(1 for s in self.conns.values() if s is None), "v": self.v, "result": self.result,
            "created": int(self.created),
        }

    # -- the task ----------------------------------------------------------------------------------------------
    async def run(self) -> None:
        """The room task: read the inbox, apply, broadcast, run clocks and timers until the room closes."""
        self.inbox = self.inbox or await self.bus.open_inbox(self.id)
        await self._publish_info()
        try:
            while not self.closed:
                msg = await self.inbox.get(self._timeout())
                if msg is not None:
                    try:
                        await self._handle(msg)
                    except Exception:   # a bug must not kill the room: answer and go on
                        log.exception("room %s failed on %r", self.id, msg.get("k"))
                        if msg.get("conn"):
                            await self._error([msg["conn"]], "internal_error", None, msg.get("id"))
                await self._tick()
        finally:
            await self.bus.close_inbox(self.id)

    def _timeout(self) -> float:
        now = time.monotonic()
        times = [now + 3600.0]
        if self.status in ("preliminary", "playing"):
            d = self.clocks.deadline(now)
            if d is not None:
                times.append(d)
        if not self.conns:
            times.append(self.empty_since + self.settings.idle_timeout)
        if self.finished_at is not None:
            times.append(self.finished_at + self.settings.replay_ttl)
        return max(0.0, min(times) - now)

    async def _tick(self) -> None:
        now = time.monotonic()
        if self.status in ("preliminary", "playing"):
            p = self.clocks.expired(now)
            if p is not None:
                await self._on_time(p)
        if self.finished_at is not None and now - self.finished_at >= self.settings.replay_ttl:
            await self.close(wire.CLOSE_ROOM_CLOSED)
        elif not self.conns and now - self.empty_since >= self.settings.idle_timeout:
            await self.close(wire.CLOSE_ROOM_CLOSED)

    async def close(self, code: int, keep_snapshot: bool = False) -> None:
        """Close the room: connections get ``code``; the lobby entry (and unless ``keep_snapshot`` the snapshot)
        is removed. The task ends after the current message."""
        if self.closed:
            return
        self.closed = True
        await self.bus.deliver(list(self.conns), None, code)
        self.conns.clear()
        if keep_snapshot:
            await self.bus.save_snapshot(self.id, self.snapshot())
        else:
            await self.bus.delete_snapshot(self.id)
        await self.bus.drop_info(self.id)

    # -- messages ----------------------------------------------------------------------------------------------
    async def _handle(self, msg: dict) -> None:
        kind = msg.get("k")
        if kind == "action":
            await self._on_action(msg)
        elif kind == "attach":
            await self._on_attach(msg)
        elif kind == "detach":
            await self._on_detach(msg["conn"])
        elif kind == "resync":
            if msg["conn"] in self.conns:
                await self._sync(msg["conn"])
        elif kind == "claim":
            await self.bus.reply(msg["reply_to"], await self._on_claim(msg))
        elif kind == "status":
            await self.bus.reply(msg["reply_to"], self.info())
        elif kind == "shutdown":
            await self.close(wire.CLOSE_RESTART, keep_snapshot=True)

    async def _on_claim(self, msg: dict) -> dict:
        """HTTP "join a free seat": seat 2 gets a fresh token; the game's preliminary phase starts."""
        if self.tokens[2] is not None:
            return {"ok": False, "code": "seat_taken", "msg": "Both seats of this room are taken."}
        token = secrets.token_urlsafe(32)
        self.tokens[2] = hash_token(token)
        self.autopass[2] = bool(msg.get("autopass", True))
        now = time.monotonic()
        for p in (1, 2):
            if self.seat_conn[p] is None:
                self.clocks.disconnected(p, now)
        await self._advance(None, None, None)
        return {"ok": True, "seat": 2, "token": token, "room": self.id}

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

    async def _on_attach(self, msg: dict) -> None:
        conn = msg["conn"]
        seat = self._seat_for(msg.get("token"))
        if seat is False:
            await self._error([conn], "unauthorized", None, None, close=wire.CLOSE_UNAUTHORIZED)
            return
        if seat is None and not self.options["spectators"]:
            await self._error([conn], "unauthorized", None, None, close=wire.CLOSE_UNAUTHORIZED,
                              text="This room does not admit spectators.")
            return
        if seat is not None:
            old = self.seat_conn[seat]
            if old is not None and old != conn:
                self.conns.pop(old, None)
                await self.bus.deliver([old], None, wire.CLOSE_SUPERSEDED)
            self.seat_conn[seat] = conn
            self.clocks.reconnected(seat, time.monotonic())
        self.conns[conn] = seat
        await self._sync(conn)
        await self._publish_info()

    async def _on_detach(self, conn: str) -> None:
        if conn not in self.conns:
            return
        seat = self.conns.pop(conn)
        if seat is not None and self.seat_conn[seat] == conn:
            self.seat_conn[seat] = None
            self.clocks.disconnected(seat, time.monotonic())
        if not self.conns:
            self.empty_since = time.monotonic()
        await self._publish_info()

    async def _on_action(self, msg: dict) -> None:
        conn, aid, av, action = msg["conn"], msg.get("id"), msg.get("v"), msg.get("action")
        if conn not in self.conns:
            return
        seat = self.conns[conn]
        if seat is None:
            await self._error([conn], "not_a_player", aid, self.v)
            return
        if aid in self.ledger[seat]:     # idempotent: the first answer again, never a second application
            code, text = self.ledger[seat][aid]
            if code is None:
                await self._error([conn], "stale", aid, self.v,
                                  text=f"Action {aid} was already applied at version {text}.")
            else:
                await self._error([conn], code, aid, self.v, text=text)
            return
        if self.status == "waiting":
            await self._error([conn], "not_your_turn", aid, self.v, text="The game waits for a second player.")
            return
        if self.status == "finished":
            await self._error([conn], "game_over", aid, self.v)
            return
        if av != self.v:
            await self._error([conn], "stale", aid, self.v)
            return
        if not isinstance(action, dict):
            await self._error([conn], "malformed_frame", aid, self.v, text="Field 'action' must be a map.")
            return
        try:
            self.game.apply(seat, action)
        except self.engine.EngineError as e:
            code = wire.engine_error_code(e.code)
            self._remember(seat, aid, code, e.message)
            await self._error([conn], code, aid, self.v, text=e.message, engine=e.code)
            return
        self._remember(seat, aid, None, str(self.v + 1))
        await self._advance(seat, aid, msg.get("ts"))

    def _remember(self, seat: int, aid, code, text) -> None:
        if aid is None:
            return
        led = self.ledger[seat]
        led[aid] = (code, text)
        while len(led) > LEDGER_SIZE:
            led.popitem(last=False)

    async def _on_time(self, p: int) -> None:
        """Issue item 5: an empty bank passes where passing is legal, otherwise its player loses on time."""
        legal = self.game.legal_actions(p)
        if any(a.get("act") == "pass" for a in legal):
            self.game.apply(p, {"act": "pass"})
            await self._advance(p, None, None)
        else:
            self.game.apply(p, {"act": "concede"})
            await self._advance(p, None, None, result={"winner": 3 - p, "reason": "time"})

    # -- applying and broadcasting -----------------------------------------------------------------------------
    async def _advance(self, acted: int | None, aid, ts, result: dict | None = None) -> None:
        """After a state change: bump the version, run clocks, broadcast; then apply automatic passes (Q10)."""
        now = time.monotonic()
        if acted is not None:
            self.metrics.actions_applied += 1
        self.v += 1
        if self.game.result is not None:
            self.result = result or self.game.result
            self.clocks.switch(None, now, acted)
        else:
            self.clocks.switch(self.game.to_act(), now, acted)
        await self._broadcast(acted, aid, ts)
        for _ in range(AUTOPASS_LIMIT):
            q = self.game.to_act()
            if self.status not in ("preliminary", "playing") or q is None or not self.autopass[q]:
                break
            if not only_pass(self.game.legal_actions(q)):
                break
            self.game.apply(q, {"act": "pass"})
            self.metrics.actions_applied += 1
            self.v += 1
            self.clocks.switch(self.game.to_act(), time.monotonic(), q)
            await self._broadcast(q, None, None)

    def _set_status(self, public_view: dict) -> None:
        old = self.status
        if self.game.result is not None:
            self.status = "finished"
            if self.finished_at is None:
                self.finished_at = time.monotonic()
        elif self.tokens[2] is None:
            self.status = "waiting"
        else:
            prompt = public_view.get("prompt") or {}
            prelim = public_view.get("turn", 0) < 1 or prompt.get("kind") in PRELIM_KINDS
            self.status = "preliminary" if prelim else "playing"
        if old != self.status:
            log.info("room %s: %s -> %s", self.id, old, self.status)

    def _view(self, viewer, public: dict | None = None) -> dict:
        view = public if public is not None and viewer is None else self.game.view(viewer)
        view["room"] = {"id": self.id, "status": self.status, "result": self.result,
                        "spectators": bool(self.options["spectators"])}
        if self.status == "finished":
            view["replay"] = {"seed": self.seed, "decks": self.decks, "log": self.game.log}
        return view

    def _legal(self, seat) -> list | None:
        if seat is None or self.status not in ("preliminary", "playing") or self.game.to_act() != seat:
            return None
        return self.game.legal_actions(seat)

    async def _broadcast(self, acted, aid, ts) -> None:
        public = self.game.view(None)
        self._set_status(public)
        clocks = self.clocks.to_wire(time.monotonic())
        for kind in (1, 2, None):
            conns = [c for c, s in self.conns.items() if s == kind]
            if not conns:
                self.views[kind] = None     # computed again on the next sync
                continue
            new = self._view(kind, public)
            old = self.views[kind]
            self.views[kind] = new
            base = {"v": self.v, "legal": self._legal(kind), "clocks": clocks}
            if old is None:   # cannot happen while every connection of a kind shares one view; stay safe
                for c in conns:
                    await self._sync(c)
                continue
            frame = dict(base, t="diff", ops=wire.diff(old, new), id=None)
            if kind == acted and aid is not None:
                await self.bus.deliver(conns, wire.encode(dict(frame, id=aid)))
            else:
                await self.bus.deliver(conns, wire.encode(frame))
        if self.status == "finished" and self.conns:
            await self.bus.deliver(list(self.conns), wire.encode({"t": "end", "v": self.v, "result": self.result}))
        if ts is not None:
            self.metrics.latency.observe(max(0.0, time.monotonic() - ts))
        if self.settings.snapshot_each_action:
            await self.bus.save_snapshot(self.id, self.snapshot())
        await self._publish_info()

    async def _sync(self, conn: str) -> None:
        """Send ``conn`` the full view of its seat, its legal actions and the clocks (issue item 4)."""
        seat = self.conns[conn]
        if self.views[seat] is None:
            self.views[seat] = self._view(seat)
        frame = {"t": "sync", "v": self.v, "you": seat, "view": self.views[seat], "legal": self._legal(seat),
                 "clocks": self.clocks.to_wire(time.monotonic())}
        await self.bus.deliver([conn], wire.encode(frame))
        if self.status == "finished":
            await self.bus.deliver([conn], wire.encode({"t": "end", "v": self.v, "result": self.result}))

    async def _error(self, conns: list[str], code: str, aid, v, text: str | None = None, engine: str | None = None,
                     close: int | None = None) -> None:
        frame = {"t": "error", "code": code, "msg": text or wire.error_text(code), "id": aid, "v": v,
                 "engine": engine}
        await self.bus.deliver(conns, wire.encode(frame), close)
        if close is not None:
            for c in conns:
                self.conns.pop(c, None)

    async def _publish_info(self) -> None:
        if not self.closed:
            await self.bus.put_info(self.id, self.info())
