"""The HTTP API (JSON): card catalogue, starter decks, create a room, join its free seat, the lobby
list, one room's status, health and metrics.

| method, path | answer |
|---|---|
| GET /healthz | 200 ``{"ok": true}`` once ready (stored rooms may still be restoring), 503 before and while the bus backend (Redis) is unreachable |
| GET /metrics | Prometheus text (server/metrics.py) |
| GET /api/cards | ``[card definition, ...]`` |
| GET /api/decks ... | server/decks_api.py |
| POST /api/rooms | body ``{"deck", "clock": {"base": s, "increment": s} | null, "spectators", "autopass", "rated",
  "opponent": "bot", "bot": level, "bot_deck", "tutorial": "prelim" | "battle" (server/tutorial.py, with a bot)}``
  or the legacy ``"decks": [d1, d2]`` (all optional) -> 201 ``{"room", "seat": 1, "token"}`` (docs/server.md
  "HTTP API", the seat flow); a repeat with the same ``Idempotency-Key`` header gets the first answer
  (server/idempotency.py) |
| POST /api/rooms/{id}/join | ``{"deck", "autopass"}`` -> 200 ``{"room", "seat", "token"}`` (free seat 2, or one's own) |
| POST /api/rooms/{id}/deck | ``{"token", "deck"}`` -> 200 ``{"room", "seat"}`` (a seat's deck before the deal) |
| POST /api/rooms/{id}/rematch | ``{"deck"?}`` -> 200 ``{"room", "seat", "token"}`` (seats swapped); 409
  ``rematch_declined`` once declined |
| POST /api/rooms/{id}/rematch/decline | ``{}`` -> 200 ``{"room"}``: a player of the finished game declines the
  rematch offered (or withdraws its own): the rematch room closes unless dealt; 409 ``no_rematch``,
  ``rematch_started`` |
| GET /api/rooms | ``{"waiting": [info], "playing": [info], "finished": [info]}`` (only rooms open to spectators
  are listed as playing/finished; a tutorial's rooms never: a learner's practice is no public game) |
| GET /api/rooms/{id} | ``info`` (server.room ``Room.info``); ``yours`` (1 or 2): the seat kept for the asking
  player (a rematch, a challenge) |

Errors: ``{"error": code, "message": sentence}`` (the sentence in the request's language: server/player_texts.py
``refuse``) with 400 (bad body, including unknown fields, also inside
``clock``; an unknown ``bot`` level: ``unknown_level`` with ``"levels"``, server/bot_levels.py), 404 (no room), 408 / 413 (body too slow / too large: server/http_body.py, the one body reader of every JSON
endpoint), 409 (seat taken), 422 (an ``Idempotency-Key`` reused with another request), 429 (too many rooms created from one address), 503 (room cap reached / room busy /
unavailable).
"""
from __future__ import annotations

import asyncio
import logging
import time

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse

from .tutorial import part_of
from .decks_api import parse_deck_choice, request_lang
from .bus import BusError
from .bus import messages as m
from .http_body import read_json
from .http_common import CreateLimiter, limiter_for as _limiter_for, public_info
from .player_texts import Refusal, error_body, refuse, refused
from .rooms import RoomLimit
from .store.base import rooms_names_now

log = logging.getLogger("berserk.lobby")

CLOCK_BASE = (10.0, 7200.0)
CLOCK_INCREMENT = (0.0, 600.0)


CREATE_FIELDS = frozenset({"decks", "deck", "bot_deck", "clock", "spectators", "autopass", "opponent", "bot",
                           "tutorial", "rated"})
JOIN_FIELDS = frozenset({"autopass", "deck"})
DECK_FIELDS = frozenset({"token", "deck"})
REMATCH_FIELDS = frozenset({"deck"})

CLOCK_FIELDS = frozenset({"base", "increment"})


def deck_choice(hub, value, field: str = "deck", lang: str = "ru") -> tuple[list, str | None]:
    """``(card ids, label)`` for a deck choice of a create/join body: whatever
    :func:`server.decks_api.parse_deck_choice` accepts (a preconstructed deck's id or name, a deck code, "3 × Name"
    lines, a card list), a starter deck name of the server's engine first; label = the string given, a
    preconstructed deck's id for ``{"preset": id}``, else None (a saved or pasted list). Raises ``DeckChoiceError``
    (a ValueError with a code and the sentence, in ``lang``: "ru" | "en") for anything else."""
    if isinstance(value, str) and value in hub.engine.deck_names():  # the server's engine seam (a test engine too)
        return hub.engine.load_deck(value), value
    cards = parse_deck_choice(value, lang=lang)
    if isinstance(value, dict) and isinstance(value.get("preset"), str):   # a preconstructed deck: its id names it
        return cards, value["preset"][:80]
    return cards, (value[:80] if isinstance(value, str) else None)


def seat_decks(body: dict, hub, bot: str | None, lang: str = "ru") -> tuple[list, list]:
    """``(labels, card lists)`` of the two seats from a create body: ``deck`` (the creator's; seat 2 then brings
    its own on join, or the bot plays ``bot_deck`` / another starter deck), else the legacy ``decks`` pair (both
    starter deck names; default the first two). Raises DeckChoiceError or :class:`Refusal`."""
    names = hub.engine.deck_names()
    if "deck" in body:
        mine, label = deck_choice(hub, body["deck"], lang=lang)
        if bot is None:
            return [label, None], [mine, None]
        default = next((n for n in names if n != label), names[0])
        theirs, other = deck_choice(hub, body.get("bot_deck", default), "bot_deck", lang)
        return [label, other], [mine, theirs]
    decks = body.get("decks", [names[0], names[1] if len(names) > 1 else names[0]])
    if (not isinstance(decks, list) or len(decks) != 2
            or not all(isinstance(d, str) and len(d) <= 200 for d in decks)):
        raise Refusal("bad_decks_pair")
    cards = [deck_choice(hub, d, "decks", lang)[0] for d in decks]
    return list(decks), cards


def room_options(body: dict, hub) -> dict:
    """Validated room options from a create-room body (defaults from settings): ``{"clock": {base, increment} |
    None (no clock), "spectators"}`` (the decks are added by the caller). Raises :class:`Refusal`."""
    clock = body.get("clock", {})
    if clock is None:       # the "no clock" preset
        return {"clock": None, "spectators": _flag(body, "spectators")}
    if not isinstance(clock, dict):
        raise Refusal("bad_clock")
    unknown = sorted(k for k in clock if k not in CLOCK_FIELDS)
    if unknown:
        raise Refusal("unknown_clock_field", field=unknown[0][:40])
    base = clock.get("base", hub.settings.clock_base)
    inc = clock.get("increment", hub.settings.clock_increment)
    limits = (("base", base, (hub.settings.clock_min, CLOCK_BASE[1])), ("increment", inc, CLOCK_INCREMENT))
    for name, val, (lo, hi) in limits:
        if isinstance(val, bool) or not isinstance(val, (int, float)) or not lo <= val <= hi:
            raise Refusal("clock_range", field=name, low=f"{lo:g}", high=f"{hi:g}")
    return {"clock": {"base": float(base), "increment": float(inc)}, "spectators": _flag(body, "spectators")}


def _flag(body: dict, field: str) -> bool:
    """The body's true/false ``field`` (true when absent). Raises :class:`Refusal` ``bad_bool`` for another value."""
    value = body.get(field, True)
    if not isinstance(value, bool):
        raise Refusal("bad_bool", field=field)
    return value


def _opponent(body: dict) -> str | None:
    """The server-side bot policy asked for (``"opponent": "bot"``, ``"bot": policy``), or None."""
    from .bot_levels import parse_level
    opponent = body.get("opponent")
    if opponent is None:
        return None
    if opponent != "bot":
        raise Refusal("bad_opponent")
    return parse_level(body.get("bot"), "casual")      # UnknownLevel (server/bot_levels.py)


def rated_choice(body: dict) -> bool:
    """The creator's choice ``"rated"`` (true by default; a game against the computer is never rated, the caller
    sees to it). Raises :class:`Refusal` for a value other than true or false."""
    return _flag(body, "rated")


def _autopass(body: dict) -> bool:
    return _flag(body, "autopass")


async def healthz(request: Request):
    hub = request.app.state.hub
    if not hub.ready:
        return refuse(request, 503, "starting")
    fault = hub.bus.fault()
    if fault is not None:      # sockets stay open; the process reconnects by itself
        return JSONResponse({"ok": False, **error_body(request_lang(request), "backend_unavailable"), "detail": fault},
                            status_code=503)
    if not await hub.store_health.writable():
        return refuse(request, 503, "store_unavailable")
    return JSONResponse({"ok": True})


async def metrics(request: Request):
    from . import bot_pool
    return PlainTextResponse(request.app.state.hub.metrics.render() + "\n".join(bot_pool.metric_lines()) + "\n",
                             media_type="text/plain; version=0.0.4; charset=utf-8")


async def cards(request: Request):
    return JSONResponse(request.app.state.hub.engine.catalogue())


def _limiter(hub) -> CreateLimiter:
    return _limiter_for(hub, "create_limiter")


async def _player(request: Request):
    """The authenticated player (``{"id", "name"}``) or None; raises Unauthorized for a bad header."""
    from .players_api import current_player
    return await current_player(request)


async def create_room(request: Request):
    """POST /api/rooms (module table): a room with the creator in seat 1. A request with an ``Idempotency-Key``
    header repeated by the same requester gets the first one's answer and creates nothing (server/idempotency.py)."""
    from .idempotency import key_of, answers_of
    from .players_api import Unauthorized, unauthorized
    hub = request.app.state.hub
    try:
        key = key_of(request)
    except Refusal as e:
        return refused(request, e)
    try:
        player = await _player(request)
    except Unauthorized:
        return unauthorized(request)
    body = await read_json(request, CREATE_FIELDS)
    address = request.client.host if request.client else "?"
    who = player["id"] if player else f"address {address}"
    return await answers_of(hub).answer(request, who, key, body, lambda: _create(request, hub, address, player, body))


async def _create(request: Request, hub, address: str, player: dict | None, body: dict):
    """Create the room a create body asks for (``player``: the creator, or None) -> the 201 answer or a refusal."""
    if not _limiter(hub).allow(address, time.monotonic()):
        return refuse(request, 429, "rate_limited", "rooms_rate_limited")
    try:
        options = room_options(body, hub)
        autopass = _autopass(body)
        bot = _opponent(body)
        labels, cards = seat_decks(body, hub, bot, request_lang(request))
        tutorial = part_of(body.get("tutorial"))
        if tutorial and bot is None:
            raise Refusal("tutorial_needs_bot")
        options["rated"] = rated_choice(body) and bot is None     # a game against the computer is never rated
    except ValueError as e:      # Refusal, DeckChoiceError, UnknownLevel
        return refused(request, e)
    options["decks"] = labels
    if tutorial:
        options["tutorial"] = tutorial
    try:
        room_id, token = await hub.rooms.create(options, autopass, player=player and player["id"],
                                                name=player and player["name"], decks=cards)
    except RoomLimit:
        return refuse(request, 503, "too_many_rooms")
    except BusError as e:
        return refuse(request, 503, e.code)
    if bot is not None:
        from .bot_seat import start_bot
        try:
            await start_bot(hub, room_id, bot, cards[1], labels[1])
        except (BusError, ValueError) as e:
            log.warning("room %s: the computer opponent could not be seated: %s", room_id, e)
            return refuse(request, 503, "bot_unavailable")
    return JSONResponse({"room": room_id, "seat": 1, "token": token}, status_code=201)


async def _room_call(request: Request, room: str, msg, status: int = 409):
    """Ask a room over the bus; returns ``(answer, None)`` or ``(None, error response)``: a refusal's sentence is
    the one its ``text`` key (else its code) names, in the request's language, with its ``values``."""
    try:
        answer = await request.app.state.hub.bus.mailbox.call(room, msg)
    except BusError as e:
        if e.code == "room_not_found":
            return None, refuse(request, 404, "room_not_found")
        return None, refuse(request, 503, e.code)
    if not answer.get("ok"):
        code = answer.get("code", "seat_taken")
        if code == "room_not_found":      # the room closed with the call still queued
            return None, refuse(request, 404, "room_not_found")
        if code == "unavailable":         # it stopped here with the call queued: try again
            return None, refuse(request, 503, "unavailable", answer.get("text"))
        return None, refuse(request, status, code, answer.get("text"), **(answer.get("values") or {}))
    return answer, None


async def join_room(request: Request):
    """POST /api/rooms/{id}/join ``{"deck"?, "autopass"?}``: take the free seat 2, or (for an authenticated player
    who sits here or has a seat reserved) get a fresh token for one's own seat."""
    from .players_api import Unauthorized, unauthorized
    hub = request.app.state.hub
    try:
        player = await _player(request)
    except Unauthorized:
        return unauthorized(request)
    try:
        body = await read_json(request, JOIN_FIELDS)
        autopass = _autopass(body)
        cards, label = deck_choice(hub, body["deck"], lang=request_lang(request)) if "deck" in body else (None, None)
    except ValueError as e:
        return refused(request, e)
    answer, error = await _room_call(request, request.path_params["room"], m.Claim(
        autopass=autopass, player=player and player["id"], name=player and player["name"], deck=cards, label=label))
    if error is not None:
        return error
    return JSONResponse({"room": answer["room"], "seat": answer["seat"], "token": answer["token"]})


async def choose_deck(request: Request):
    """POST /api/rooms/{id}/deck ``{"token", "deck"}``: a seated player chooses its deck before the deal (the deal
    starts once both seats have one) -> 200 ``{"room", "seat"}``."""
    hub = request.app.state.hub
    try:
        body = await read_json(request, DECK_FIELDS)
        token = body.get("token")
        if not isinstance(token, str) or not 1 <= len(token) <= 128:
            raise Refusal("bad_token")
        cards, label = deck_choice(hub, body.get("deck"), lang=request_lang(request))
    except ValueError as e:
        return refused(request, e)
    room = request.path_params["room"]
    answer, error = await _room_call(request, room, m.ChooseDeck(token, cards, label))
    if error is not None:
        return error
    return JSONResponse({"room": room, "seat": answer["seat"]})


REMATCH_WAIT = 3.0     # s a second rematch request waits for the first one to have created the room


async def _signed_in(request: Request):
    """(the signed-in player, None), or (None, the 401 answer) when nobody or a bad credential asks."""
    from .players_api import Unauthorized, unauthorized
    try:
        player = await _player(request)
    except Unauthorized:
        player = None
    return (player, None) if player is not None else (None, unauthorized(request))


async def rematch(request: Request):
    """POST /api/rooms/{id}/rematch ``{"deck"?}`` (authenticated player of the finished game) -> 200 ``{"room",
    "seat", "token"}`` of the rematch: the same players, seats swapped, decks kept unless ``deck`` is given (each
    player may choose again when asking). The first ask creates the room; the other player's ask takes its seat;
    a bot opponent sits down by itself."""
    from .bot_seat import start_bot
    hub = request.app.state.hub
    player, refusal = await _signed_in(request)
    if refusal is not None:
        return refusal
    try:
        body = await read_json(request, REMATCH_FIELDS)
        cards, label = deck_choice(hub, body["deck"], lang=request_lang(request)) if "deck" in body else (None, None)
    except ValueError as e:
        return refused(request, e)
    answer, error = await _room_call(request, request.path_params["room"], m.Rematch(player=player["id"]))
    if error is not None:
        return error
    new = answer["room"]
    spec = answer.get("create")
    if spec is not None:
        for who in spec["reserved"].values():     # the players as they are called now (a rename since that game)
            if who and who.get("player"):
                current = await hub.store.get_player(who["player"])
                who["name"] = current["name"] if current else who.get("name")
        try:
            await hub.rooms.create(spec["options"], True, room_id=new, decks=spec["decks"], reserved=spec["reserved"])
        except RoomLimit:
            return refuse(request, 503, "too_many_rooms")
        except BusError as e:
            return refuse(request, 503, e.code)
        for sat in spec["reserved"].values():
            if sat and sat.get("bot"):
                try:
                    await start_bot(hub, new, sat["bot"])
                except (BusError, ValueError) as e:
                    log.warning("room %s: the computer opponent could not be seated: %s", new, e)
                    return refuse(request, 503, "bot_unavailable")
    claim = m.Claim(autopass=True, player=player["id"], name=player["name"], deck=cards, label=label)
    deadline = time.monotonic() + REMATCH_WAIT
    while True:
        answer, error = await _room_call(request, new, claim)
        if error is None or error.status_code != 404 or time.monotonic() > deadline:
            break
        await asyncio.sleep(0.05)      # the other player's request is still creating the room
    if error is not None:
        return error
    return JSONResponse({"room": answer["room"], "seat": answer["seat"], "token": answer["token"]})


async def decline_rematch(request: Request):
    """POST /api/rooms/{id}/rematch/decline ``{}`` (authenticated player of the finished game) -> 200 ``{"room"}``:
    the rematch is declined (or withdrawn by its asker) in the finished room, which says so to everyone, and the
    rematch room, not dealt yet, closes (its watchers are told, close 4011); 409 ``no_rematch`` (none offered),
    ``rematch_started`` (both players sat down already), ``not_a_player``."""
    player, refusal = await _signed_in(request)
    if refusal is not None:
        return refusal
    try:
        await read_json(request, frozenset())
    except ValueError as e:
        return refused(request, e)
    old = request.path_params["room"]
    try:
        info = await request.app.state.hub.bus.mailbox.call(old, m.Status())
    except BusError as e:
        return refuse(request, 404 if e.code == "room_not_found" else 503, e.code)
    new = info.get("rematch")
    if new is None:
        return refuse(request, 409, "no_rematch")
    # the rematch room closes first (it checks the player is one of its two and nobody has been dealt cards), then
    # the finished room says the rematch was declined
    _, error = await _room_call(request, new, m.EndGame(None, "cancel", player=player["id"]))
    if error is not None and error.status_code != 404:     # 404: closed already (its asker cancelled it)
        return error
    _, error = await _room_call(request, old, m.Rematch(player=player["id"], decline=True))
    if error is not None:
        return error
    return JSONResponse({"room": new})


LIST_LIMIT = (50, 200)


async def list_rooms(request: Request):
    """The lobby: rooms waiting for a player, games to watch, finished games (replays), newest first, at most
    ``?limit=`` (default 50, at most 200) per section; ``counts`` gives each section's full size. A tutorial's rooms
    (server/tutorial.py) are left out: its player finds them in their own games (``GET /api/players/me/games``)."""
    try:
        limit = int(request.query_params.get("limit", LIST_LIMIT[0]))
    except ValueError:
        return refuse(request, 400, "bad_request", "bad_limit")
    limit = max(1, min(LIST_LIMIT[1], limit))
    out = {"waiting": [], "playing": [], "finished": []}
    try:
        infos = await request.app.state.hub.bus.lobby.list()
    except BusError as e:
        return refuse(request, 503, e.code)
    finished = [i for i in infos if i["status"] == "finished" and i["spectators"]]
    renamed = await rooms_names_now(request.app.state.hub.store, finished)
    for info in infos:
        if info.get("tutorial"):
            continue
        if info["id"] in renamed:
            info = dict(info, players=renamed[info["id"]])
        info = public_info(info)
        if info["status"] == "waiting":
            if info.get("open", True):       # rooms made for known players (rematch, quick play) are not offered
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
    """GET /api/rooms/{id}: the room's lobby entry. A stored room the start-up restore has not reached yet has no
    entry in a one-process lobby (entries live in memory there): it is asked directly (``Status``), which restores
    it first (server/rooms.py ``restore_first``), so it is never reported missing while it waits for its restore.
    ``yours``: the seat the room keeps for the asking player (:func:`_own_seat`), when there is one."""
    hub = request.app.state.hub
    room_id = request.path_params["room"]
    try:
        info = await hub.bus.lobby.get(room_id)
    except BusError as e:
        return refuse(request, 503, e.code)
    if info is None and hub.rooms.queued(room_id):
        try:
            info = await hub.bus.mailbox.call(room_id, m.Status())
        except BusError as e:
            if e.code != "room_not_found":
                return refuse(request, 503, e.code)
        if info is not None and "id" not in info:     # refused (server/room/room.py refuse_queued)
            if info.get("code") != "room_not_found":
                return refuse(request, 503, "unavailable", info.get("text"))
            info = None
    if info is None:
        return refuse(request, 404, "room_not_found")
    out = public_info(info)
    mine = await _own_seat(request, info)
    if mine is not None:
        out["yours"] = mine
    return JSONResponse(out)


async def _own_seat(request: Request, info: dict) -> int | None:
    """The seat (1 | 2) the room keeps for the asking player (by player id: a seat of a rematch or a challenge),
    taken or not, or None (no such seat, or nobody or a bad credential asks)."""
    from .players_api import Unauthorized
    try:
        player = await _player(request)
    except Unauthorized:
        return None
    owners = info.get("owners") or {}
    return next((int(p) for p, who in owners.items() if player is not None and who == player["id"]), None)
