"""Friends and direct challenges.

A player adds another by name; two players who added each other are friends: each sees the other's status
(``online``: a lobby socket open, server/presence.py; ``playing``: seated in a dealt, unfinished room, with its id
when it may be watched; else ``offline``) and may challenge the other. A challenge carries the sender's deck and a
clock preset; it reaches the friend's lobby (socket frame + the list below) and is accepted (with the friend's deck:
both are seated in a new room), declined, or cancelled by the sender. Open challenges older than CHALLENGE_TTL
seconds are not shown and cannot be accepted.

| method, path | answer |
|---|---|
| GET /api/friends | ``{"friends": [{"id", "name", "status", "room"}], "incoming": [{"id", "name"}], "outgoing": [...], "challenges": {"incoming": [c], "outgoing": [c]}}`` |
| POST /api/friends | ``{"name"}`` -> 201 ``{"id", "name", "mutual"}``; 404 ``player_not_found``; 400 ``friend_self``; 400 ``name_required`` (no name, or only spaces); 400 ``name_not_text`` |
| DELETE /api/friends/{id} | 204: every link between the two ends, both ways (a friendship, one's request, or the other's request, which is declined so); the other's lobby sockets hear ``{"t": "friends"}``; 404 ``player_not_found`` (no link) |
| POST /api/challenges | ``{"to": player id, "deck", "clock": preset}`` -> 201 c; 400 ``challenge_self`` / ``bad_preset`` / deck errors; 403 ``not_friends`` |
| POST /api/challenges/{id}/accept | ``{"deck"}`` -> 200 ``{"room", "seat": 2, "token"}``; 404 ``challenge_not_found``; 403 ``challenge_not_yours`` |
| POST /api/challenges/{id}/decline | 200 c (the receiver); the sender's lobby sockets hear ``{"t": "declined", "challenge": id, "name": the receiver's name}`` |
| DELETE /api/challenges/{id} | 200 c (the sender cancels) |

A challenge ``c`` = ``{"id", "from": {"id", "name"}, "to": {"id", "name"}, "deck": label | None, "clock":
preset, "status", "room", "created"}`` (the sender's card list stays on the server).
"""
from __future__ import annotations

import time

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from .accounts.api import authenticated
from .player_texts import lang_of, refuse
from .bus import BusError
from .bus import messages as m
from .http_body import read_json

CHALLENGE_TTL = 600.0      # s an open challenge stays valid
# Clock presets of a challenge (the lobby's create form offers the same: js/prefs.js CLOCK_PRESETS).
CLOCK_PRESETS = {"5+3": {"base": 300.0, "increment": 3.0}, "10+5": {"base": 600.0, "increment": 5.0},
                 "15+10": {"base": 900.0, "increment": 10.0}, "none": None}
LIVE = ("preliminary", "playing")


async def _live_rooms(hub) -> dict[str, dict]:
    """``{player id: lobby entry}`` of players seated in a dealt, unfinished room."""
    try:
        infos = await hub.bus.lobby.list()
    except BusError:
        return {}
    out = {}
    for info in infos:
        if info.get("status") in LIVE:
            for pid in (info.get("owners") or {}).values():
                if pid:
                    out[pid] = info
    return out


def _status(hub, pid: str, live: dict) -> tuple[str, str | None]:
    from .presence import presence_of
    info = live.get(pid)
    if info is not None:
        return "playing", info["id"] if info.get("spectators") else None
    return ("online" if presence_of(hub).online(pid) else "offline"), None


async def _names(store, ids) -> dict[str, str]:
    out = {}
    for pid in set(ids):
        p = await store.get_player(pid)
        out[pid] = p["name"] if p else "?"
    return out


def _public(c: dict, names: dict) -> dict:
    deck = c.get("deck") or {}
    return dict(c, deck=deck.get("label"), **{"from": {"id": c["from"], "name": names.get(c["from"], "?")},
                                               "to": {"id": c["to"], "name": names.get(c["to"], "?")}})


async def _mutual(store, a: str, b: str) -> bool:
    links = await store.friend_links(a)
    return b in links["added"] and b in links["added_me"]


async def list_friends(request: Request):
    """GET /api/friends (module docstring)."""
    player, error = await authenticated(request)
    if error is not None:
        return error
    hub = request.app.state.hub
    links = await hub.store.friend_links(player["id"])
    live = await _live_rooms(hub)
    mutual = sorted((pid for pid in links["added"] if pid in links["added_me"]),
                    key=lambda pid: links["added"][pid].casefold())
    friends = []
    for pid in mutual:
        status, room = _status(hub, pid, live)
        friends.append({"id": pid, "name": links["added"][pid], "status": status, "room": room})
    challenges = await hub.store.open_challenges(player["id"], since=time.time() - CHALLENGE_TTL)
    names = await _names(hub.store, [c["from"] for c in challenges] + [c["to"] for c in challenges])
    return JSONResponse({
        "friends": friends,
        "incoming": [{"id": i, "name": n} for i, n in links["added_me"].items() if i not in links["added"]],
        "outgoing": [{"id": i, "name": n} for i, n in links["added"].items() if i not in links["added_me"]],
        "challenges": {"incoming": [_public(c, names) for c in challenges if c["to"] == player["id"]],
                       "outgoing": [_public(c, names) for c in challenges if c["from"] == player["id"]]}})


async def add_friend(request: Request):
    """POST /api/friends ``{"name"}``: add a player by name."""
    player, error = await authenticated(request)
    if error is not None:
        return error
    hub = request.app.state.hub
    body = await read_json(request, {"name"})
    name = body.get("name", "")
    if not isinstance(name, str):
        return refuse(request, 400, "name_not_text")
    if not name.strip():
        return refuse(request, 400, "name_required")
    other = await hub.store.find_player(name)
    if other is None:
        return refuse(request, 404, "player_not_found")
    if other["id"] == player["id"]:
        return refuse(request, 400, "friend_self")
    await hub.store.add_friend(player["id"], other["id"])
    from .presence import presence_of
    presence_of(hub).notify(other["id"], {"t": "friends"})
    return JSONResponse({"id": other["id"], "name": other["name"],
                         "mutual": await _mutual(hub.store, player["id"], other["id"])}, status_code=201)


async def remove_friend(request: Request):
    """DELETE /api/friends/{id}: end the friendship (or either player's request) both ways, so that neither is left
    asking the other; the other's lobby sockets hear ``{"t": "friends"}``."""
    player, error = await authenticated(request)
    if error is not None:
        return error
    hub = request.app.state.hub
    other = request.path_params["player"]
    if not await hub.store.remove_friend(player["id"], other):
        return refuse(request, 404, "player_not_found")
    from .presence import presence_of
    presence_of(hub).notify(other, {"t": "friends"})
    return Response(status_code=204)


async def create_challenge(request: Request):
    """POST /api/challenges ``{"to", "deck", "clock"}``: challenge a friend (module docstring)."""
    from .lobby import deck_choice
    player, error = await authenticated(request)
    if error is not None:
        return error
    hub = request.app.state.hub
    body = await read_json(request, {"to", "deck", "clock"})
    to, preset = body.get("to"), body.get("clock", "15+10")
    if to == player["id"]:
        return refuse(request, 400, "challenge_self")
    if not isinstance(preset, str) or preset not in CLOCK_PRESETS:
        return refuse(request, 400, "bad_preset", presets=", ".join(CLOCK_PRESETS))
    if not isinstance(to, str) or await hub.store.get_player(to) is None:
        return refuse(request, 404, "player_not_found")
    if not await _mutual(hub.store, player["id"], to):
        return refuse(request, 403, "not_friends")
    try:
        cards, label = deck_choice(hub, body.get("deck"), lang=lang_of(request))
    except ValueError as e:
        return _deck_error(request, e)
    c = await hub.store.create_challenge(player["id"], to, {"label": label, "cards": cards}, preset)
    out = _public(c, {player["id"]: player["name"], **await _names(hub.store, [to])})
    from .presence import presence_of
    presence_of(hub).notify(to, {"t": "challenge", "challenge": out})
    return JSONResponse(out, status_code=201)


def _deck_error(request: Request, e: ValueError) -> JSONResponse:
    to_json = getattr(e, "to_json", None)       # server/decks_api.py DeckChoiceError: the deck's errors
    if to_json is not None:
        return to_json()
    from .player_texts import refused
    return refused(request, e)


async def _open_challenge(request: Request, player: dict, role: str):
    """``(challenge, None)`` when the path names an open, fresh challenge whose ``role`` ("to" | "from") is the
    player, else ``(None, error answer)``."""
    c = await request.app.state.hub.store.get_challenge(request.path_params["challenge"])
    if c is None or c["status"] != "open" or c["created"] < time.time() - CHALLENGE_TTL:
        return None, refuse(request, 404, "challenge_not_found")
    if c[role] != player["id"]:
        return None, refuse(request, 403, "challenge_not_yours")
    return c, None


async def accept_challenge(request: Request):
    """POST /api/challenges/{id}/accept ``{"deck"}``: the friend accepts; both are seated in a new room (the sender
    in seat 1 with the challenge's deck, the friend in seat 2 with ``deck``); the sender's sockets hear
    ``{"t": "accepted", "room"}`` and take their seat with ``POST /api/rooms/{room}/join``."""
    from .lobby import _room_call, deck_choice
    from .rooms import RoomLimit
    player, error = await authenticated(request)
    if error is not None:
        return error
    hub = request.app.state.hub
    body = await read_json(request, {"deck"})
    c, error = await _open_challenge(request, player, "to")
    if error is not None:
        return error
    try:
        cards, label = deck_choice(hub, body.get("deck"), lang=lang_of(request))
    except ValueError as e:
        return _deck_error(request, e)
    sender = await hub.store.get_player(c["from"])
    options = {"decks": [c["deck"]["label"], label], "clock": CLOCK_PRESETS[c["clock"]], "spectators": True}
    reserved = {"1": {"player": c["from"], "name": sender["name"] if sender else None},
                "2": {"player": player["id"], "name": player["name"]}}
    if not await hub.store.settle_challenge(c["id"], "accepted"):
        return refuse(request, 404, "challenge_not_found")
    try:
        room, _ = await hub.rooms.create(options, True, decks=[c["deck"]["cards"], cards], reserved=reserved)
    except (RoomLimit, BusError):
        await hub.store.settle_challenge_room(c["id"], None)
        return refuse(request, 503, "unavailable")
    answer, error = await _room_call(request, room, m.Claim(autopass=True, player=player["id"], name=player["name"]))
    if error is not None:
        return error
    await hub.store.settle_challenge_room(c["id"], room)
    from .presence import presence_of
    presence_of(hub).notify(c["from"], {"t": "accepted", "challenge": c["id"], "room": room})
    return JSONResponse({"room": room, "seat": answer["seat"], "token": answer["token"]})


async def _settle(request: Request, role: str, status: str):
    player, error = await authenticated(request)
    if error is not None:
        return error
    hub = request.app.state.hub
    c, error = await _open_challenge(request, player, role)
    if error is not None:
        return error
    if not await hub.store.settle_challenge(c["id"], status):
        return refuse(request, 404, "challenge_not_found")
    other = c["from"] if role == "to" else c["to"]
    names = await _names(hub.store, [c["from"], c["to"]])
    from .presence import presence_of
    presence_of(hub).notify(other, {"t": "friends"})
    if status == "declined":      # the sender's panel says so (its challenge is no longer pending)
        presence_of(hub).notify(c["from"], {"t": "declined", "challenge": c["id"], "name": names.get(c["to"])})
    c["status"] = status
    return JSONResponse(_public(c, names))


async def decline_challenge(request: Request):
    """POST /api/challenges/{id}/decline: the friend declines."""
    return await _settle(request, "to", "declined")


async def cancel_challenge(request: Request):
    """DELETE /api/challenges/{id}: the sender withdraws the challenge."""
    return await _settle(request, "from", "cancelled")


ROUTES = [
    ("/api/friends", list_friends, ["GET"]),
    ("/api/friends", add_friend, ["POST"]),
    ("/api/friends/{player}", remove_friend, ["DELETE"]),
    ("/api/challenges", create_challenge, ["POST"]),
    ("/api/challenges/{challenge}/accept", accept_challenge, ["POST"]),
    ("/api/challenges/{challenge}/decline", decline_challenge, ["POST"]),
    ("/api/challenges/{challenge}", cancel_challenge, ["DELETE"]),
]
