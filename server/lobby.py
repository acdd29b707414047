"""The HTTP API (JSON), issue item 2: card catalogue, starter decks, create a room, join its free seat, the lobby
list, one room's status, health and metrics.

| method, path | answer |
|---|---|
| GET /healthz | 200 ``{"ok": true}`` once ready, 503 before and while the bus backend (Redis) is unreachable |
| GET /metrics | Prometheus text (server/metrics.py) |
| GET /api/cards | ``[card definition, ...]`` |
| GET /api/decks | ``["deck name", ...]`` (starter decks, English names; Russian names are accepted too) |
| POST /api/rooms | body ``{"decks": [d1, d2], "clock": {"base": s, "increment": s}, "spectators": bool,
  "autopass": bool, "opponent": "bot" | null, "bot": "heuristic" | "random"}`` (all optional) -> 201
  ``{"room", "seat": 1, "token"}``; with ``"opponent": "bot"`` a server-side bot takes seat 2 (server/bot_seat.py) |
| POST /api/rooms/{id}/join | body ``{"autopass": bool}`` (optional) -> 200 ``{"room", "seat": 2, "token"}`` |
| GET /api/rooms | ``{"waiting": [info], "playing": [info], "finished": [info]}`` (only rooms open to spectators
  are listed as playing/finished) |
| GET /api/rooms/{id} | ``info`` (server/room.py ``Room.info``) |

Errors: ``{"error": code, "message": sentence}`` with 400 (bad body, including unknown fields, also inside
``clock``), 404 (no room), 408 / 413 (body too slow / too large: server/http_body.py, the one body reader of every JSON
endpoint), 409 (seat taken), 429 (too many rooms created from one address), 503 (room cap reached / room busy /
unavailable).
"""
from __future__ import annotations

import time

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse

from .bus import BusError
from .bus import messages as m
from .http_body import read_json
from .rooms import RoomLimit

CLOCK_BASE = (10.0, 7200.0)
CLOCK_INCREMENT = (0.0, 600.0)


def _err(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": code, "message": message}, status_code=status)


CREATE_FIELDS = frozenset({"decks", "clock", "spectators", "autopass", "opponent", "bot"})
JOIN_FIELDS = frozenset({"autopass"})
CLOCK_FIELDS = frozenset({"base", "increment"})


def room_options(body: dict, hub) -> dict:
    """Validated room options from a create-room body (defaults from settings). Raises ValueError(sentence)."""
    names = hub.engine.deck_names()
    decks = body.get("decks", [names[0], names[1] if len(names) > 1 else names[0]])
    if (not isinstance(decks, list) or len(decks) != 2
            or not all(isinstance(d, str) and len(d) <= 200 for d in decks)):
        raise ValueError("'decks' must be a list of two starter deck names.")
    for d in decks:
        try:
            hub.engine.load_deck(d)
        except hub.engine.EngineError:
            raise ValueError(f"'decks': no starter deck is named {d[:60]!r}.") from None
    clock = body.get("clock", {})
    if not isinstance(clock, dict):
        raise ValueError("'clock' must be an object {base, increment} in seconds.")
    unknown = sorted(k for k in clock if k not in CLOCK_FIELDS)
    if unknown:
        raise ValueError(f"Unknown field 'clock.{unknown[0][:40]}'; the fields of 'clock' are base, increment.")
    base = clock.get("base", hub.settings.clock_base)
    inc = clock.get("increment", hub.settings.clock_increment)
    limits = (("base", base, (hub.settings.clock_min, CLOCK_BASE[1])), ("increment", inc, CLOCK_INCREMENT))
    for name, val, (lo, hi) in limits:
        if isinstance(val, bool) or not isinstance(val, (int, float)) or not lo <= val <= hi:
            raise ValueError(f"'clock.{name}' must be a number of seconds between {lo:g} and {hi:g}.")
    spectators = body.get("spectators", True)
    if not isinstance(spectators, bool):
        raise ValueError("'spectators' must be true or false.")
    return {"decks": decks, "clock": {"base": float(base), "increment": float(inc)}, "spectators": spectators}


def _opponent(body: dict) -> str | None:
    """The server-side bot policy asked for (``"opponent": "bot"``, ``"bot": policy``), or None."""
    from bots import POLICIES
    opponent = body.get("opponent")
    if opponent is None:
        return None
    if opponent != "bot":
        raise ValueError("'opponent' must be \"bot\" or absent.")
    policy = body.get("bot", "heuristic")
    if policy not in POLICIES:
        raise ValueError(f"'bot' must be one of {', '.join(sorted(POLICIES))}.")
    return policy


def _autopass(body: dict) -> bool:
    value = body.get("autopass", True)
    if not isinstance(value, bool):
        raise ValueError("'autopass' must be true or false.")
    return value


async def healthz(request: Request):
    hub = request.app.state.hub
    if not hub.ready:
        return _err(503, "starting", "The server is starting.")
    fault = hub.bus.fault()
    if fault is not None:      # sockets stay open; the process reconnects by itself
        return JSONResponse({"ok": False, "error": "backend_unavailable", "message": fault}, status_code=503)
    return JSONResponse({"ok": True})


async def metrics(request: Request):
    return PlainTextResponse(request.app.state.hub.metrics.render(),
                             media_type="text/plain; version=0.0.4; charset=utf-8")


async def cards(request: Request):
    return JSONResponse(request.app.state.hub.engine.catalogue())


async def decks(request: Request):
    return JSONResponse(request.app.state.hub.engine.deck_names())


class CreateLimiter:
    """Room creation per client address: a token bucket of ``burst`` rooms refilled at ``per_min`` rooms a minute,
    so that one client cannot fill the process's room cap (docs/server.md "Limits"). Memory is bounded: the oldest
    addresses are forgotten past ``keep`` entries."""

    def __init__(self, per_min: float, burst: int, keep: int = 10000):
        self.rate, self.burst, self.keep = per_min / 60.0, burst, keep
        self.buckets: dict[str, tuple[float, float]] = {}

    def allow(self, address: str, now: float) -> bool:
        """Take one creation for ``address`` at time ``now`` (s); False when its bucket is empty."""
        tokens, last = self.buckets.pop(address, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - last) * self.rate)
        ok = tokens >= 1.0
        self.buckets[address] = (tokens - 1.0 if ok else tokens, now)
        while len(self.buckets) > self.keep:
            self.buckets.pop(next(iter(self.buckets)))
        return ok


def _limiter(hub) -> CreateLimiter:
    lim = getattr(hub, "create_limiter", None)
    if lim is None:
        lim = hub.create_limiter = CreateLimiter(hub.settings.create_per_min, hub.settings.create_burst)
    return lim


async def create_room(request: Request):
    hub = request.app.state.hub
    address = request.client.host if request.client else "?"
    if not _limiter(hub).allow(address, time.monotonic()):
        return _err(429, "rate_limited", "Too many rooms created from this address; wait a minute.")
    body = await read_json(request, CREATE_FIELDS)
    try:
        options = room_options(body, hub)
        autopass = _autopass(body)
        bot = _opponent(body)
    except ValueError as e:
        return _err(400, "bad_request", str(e))
    try:
        room_id, token = await hub.rooms.create(options, autopass)
    except RoomLimit:
        return _err(503, "too_many_rooms", "The server holds as many rooms as it may; try again later.")
    except BusError as e:
        return _err(503, e.code, e.message)
    if bot is not None:
        from .bot_seat import start_bot
        try:
            await start_bot(hub, room_id, bot)
        except (BusError, ValueError) as e:
            return _err(503, "bot_unavailable", f"The computer opponent could not be seated: {e}")
    return JSONResponse({"room": room_id, "seat": 1, "token": token}, status_code=201)


async def join_room(request: Request):
    hub = request.app.state.hub
    body = await read_json(request, JOIN_FIELDS)
    try:
        autopass = _autopass(body)
    except ValueError as e:
        return _err(400, "bad_request", str(e))
    try:
        answer = await hub.bus.mailbox.call(request.path_params["room"], m.Claim(autopass=autopass))
    except BusError as e:
        if e.code == "room_not_found":
            return _err(404, "room_not_found", "No room with this id exists (or it has expired).")
        return _err(503, e.code, e.message)
    if not answer.get("ok"):
        return _err(409, answer.get("code", "seat_taken"), answer.get("msg", "The seat is taken."))
    return JSONResponse({"room": answer["room"], "seat": answer["seat"], "token": answer["token"]})


LIST_LIMIT = (50, 200)


async def list_rooms(request: Request):
    """The lobby: rooms waiting for a player, games to watch, finished games (replays), newest first, at most
    ``?limit=`` (default 50, at most 200) per section; ``counts`` gives each section's full size."""
    try:
        limit = int(request.query_params.get("limit", LIST_LIMIT[0]))
    except ValueError:
        return _err(400, "bad_request", "limit must be an integer.")
    limit = max(1, min(LIST_LIMIT[1], limit))
    out = {"waiting": [], "playing": [], "finished": []}
    try:
        infos = await request.app.state.hub.bus.lobby.list()
    except BusError as e:
        return _err(503, e.code, e.message)
    for info in infos:
        if info["status"] == "waiting":
            out["waiting"].append(info)
        elif info["spectators"]:
            out["finished" if info["status"] == "finished" else "playing"].append(info)
    counts = {k: len(v) for k, v in out.items()}
    for k, rows in out.items():
        rows.sort(key=lambda i: -i["created"])
        del rows[limit:]
    out["counts"] = counts
    return JSONResponse(out)


async def room_status(request: Request):
    try:
        info = await request.app.state.hub.bus.lobby.get(request.path_params["room"])
    except BusError as e:
        return _err(503, e.code, e.message)
    if info is None:
        return _err(404, "room_not_found", "No room with this id exists (or it has expired).")
    return JSONResponse(info)
