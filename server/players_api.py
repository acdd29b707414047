"""Players: ``POST /api/players`` issues an id and a secret for a chosen display name; requests
then authenticate with ``Authorization: Bearer <id>:<secret>``. ``GET /api/players/me`` answers who that is and
``GET /api/players/me/games`` lists the rooms the player sits in (live ones from the lobby directory).

The secret is shown once and kept only as a SHA-256 hash. Persistence belongs to the store (``hub.store``,
server/store/: ``create_player`` / ``verify_player``).
"""
from __future__ import annotations

import re
import secrets
import time

from starlette.requests import Request
from starlette.responses import JSONResponse

from .bus import BusError
from .http_body import read_json
from .http_common import limiter_for as _limiter_for, public_info
from .names import BadName, clean_name, is_reserved
from .player_texts import lang_of, refuse
from .store import StoreError, hash_secret
from .store.base import rooms_names_now

ID_RE = re.compile(r"[A-Za-z0-9_-]{1,64}")
SECRET_RE = re.compile(r"[A-Za-z0-9_-]{16,100}")
PLAYER_FIELDS = frozenset({"name"})
MY_GAMES = 50         # recorded games listed under "my games"


class Unauthorized(Exception):
    """The Authorization header is present but names no player with that secret."""


async def current_player(request: Request) -> dict | None:
    """``{"id", "name"}`` of the player the request authenticates as, or None without an Authorization header.

    Raises Unauthorized when the header is malformed or the id/secret pair is unknown."""
    header = request.headers.get("authorization")
    if not header:
        return None
    scheme, _, cred = header.partition(" ")
    pid, _, secret = cred.strip().partition(":")
    if scheme.lower() != "bearer" or not ID_RE.fullmatch(pid) or not SECRET_RE.fullmatch(secret):
        raise Unauthorized()
    row = await request.app.state.hub.store.verify_player(pid, secret)
    if row is None:
        raise Unauthorized()
    return {"id": row["id"], "name": row["name"], "session": row.get("session")}


def unauthorized(request: Request) -> JSONResponse:
    """401 ``unauthorized``: the credentials name no player (sentence ``bad_credentials``)."""
    return refuse(request, 401, "unauthorized", "bad_credentials")


async def create_player(request: Request):
    """POST /api/players ``{"name"}`` -> 201 ``{"id", "secret", "name"}`` (400 ``bad_name``, 400 ``reserved_name``:
    server/names.py ``RESERVED``, 409 ``name_taken``: the same name as another player's up to case, compatibility
    forms and confusable letters; 429 per address)."""
    hub = request.app.state.hub
    address = request.client.host if request.client else "?"
    if not _limiter_for(hub, "player_limiter").allow(address, time.monotonic()):
        return refuse(request, 429, "rate_limited", "players_rate_limited")
    try:
        body = await read_json(request, PLAYER_FIELDS)
        name = clean_name(body.get("name"))
    except BadName as e:
        return JSONResponse({"error": e.code, "message": e.text(lang_of(request))}, status_code=400)
    if is_reserved(name):
        return refuse(request, 400, "reserved_name")
    secret = secrets.token_urlsafe(24)
    try:
        row = await hub.store.create_player(name, hash_secret(secret))
    except StoreError as e:
        if e.code != "name_taken":
            raise
        return refuse(request, 409, "name_taken")
    return JSONResponse({"id": row["id"], "secret": secret, "name": row["name"]}, status_code=201)


async def me(request: Request):
    """GET /api/players/me -> ``{"id", "name"}`` (401 without a valid Authorization header)."""
    try:
        player = await current_player(request)
    except Unauthorized:
        return unauthorized(request)
    return JSONResponse({"id": player["id"], "name": player["name"]}) if player else unauthorized(request)


async def my_games(request: Request):
    """GET /api/players/me/games -> ``{"live": [info + "seat"], "finished": [info + "seat"]}``, newest first: the
    rooms the player sits in, so a closed tab or browser can return to them (seat tokens stay in the browser), each
    registered player under the name they have now."""
    try:
        player = await current_player(request)
    except Unauthorized:
        return unauthorized(request)
    if player is None:
        return unauthorized(request)
    try:
        infos = await request.app.state.hub.bus.lobby.list()
    except BusError as e:
        return refuse(request, 503, e.code)
    out = {"live": [], "finished": []}
    mine = [i for i in infos if player["id"] in (i.get("owners") or {}).values()]
    renamed = await rooms_names_now(request.app.state.hub.store, mine)      # a player renamed since shows the name they have now
    for info in sorted(mine, key=lambda i: -i["created"]):
        seat = next(int(s) for s, pid in info["owners"].items() if pid == player["id"])
        if info["id"] in renamed:
            info = dict(info, players=renamed[info["id"]])
        row = dict(public_info(info, seat), seat=seat)
        out["finished" if info["status"] == "finished" else "live"].append(row)
    seen = {r["id"] for rows in out.values() for r in rows}
    for game in await request.app.state.hub.store.list_games(player["id"], limit=MY_GAMES):
        if game["id"] in seen:
            continue
        seat = next((int(s) for s, pid in (game.get("players") or {}).items() if pid == player["id"]), None)
        out["finished"].append({"id": game["id"], "status": "finished", "seat": seat,
                                "players": game.get("names") or {}, "bots": game.get("bots") or {},
                                "decks": game.get("deck_names"), "result": game.get("result"),
                                "created": int(game.get("started") or 0)})
    return JSONResponse(out)
