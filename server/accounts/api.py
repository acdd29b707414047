"""HTTP API of accounts: signing in with name + password on any browser, signing out (here or everywhere),
setting or changing the password, renaming (once per RENAME_EVERY) and the language.

| method, path | answer |
|---|---|
| POST /api/sessions | ``{"name", "password"}`` -> 201 ``{"id", "secret", "name"}`` (a new session); 401 ``sign_in_failed``; 429 ``throttled`` |
| GET /api/players/me/account | ``{"id", "name", "created", "name_changed", "has_password", "lang", "next_rename"}`` |
| PATCH /api/players/me | ``{"name"?, "lang"?}`` -> 200 the account; 400 ``reserved_name``; 409 ``name_taken`` / ``rename_too_soon`` |
| PUT /api/players/me/password | ``{"password", "current"?}`` -> 200 ``{"revoked": n}``: the other sessions end |
| POST /api/players/me/signout | ``{"everywhere"?: bool}`` -> 200 ``{"revoked": n}``; 409 ``no_password`` |

Ended sessions lose their open lobby sockets at once (server/presence.py, close code 4011) and every request they
make is 401. Sentences are in the request's language (server/player_texts.py).
"""
from __future__ import annotations

import secrets
import time

from starlette.requests import Request
from starlette.responses import JSONResponse

from server.bus import BusError
from server.bus import messages as m
from server.http_body import read_json
from server.names import BadName, clean_name, is_reserved
from server.store import StoreError, hash_secret

from server.namekey import name_keys
from .passwords import BadPassword, PASSWORD_MAX, PASSWORD_MIN, check_rules, hash_password, password_matches
from server.player_texts import lang_of, refuse
from .throttle import SignInThrottle

RENAME_EVERY = 30 * 86400.0        # s between two renames by the player
LANGS = ("ru", "en")


def _throttle(hub) -> SignInThrottle:
    t = getattr(hub, "sign_in_throttle", None)
    if t is None:
        t = hub.sign_in_throttle = SignInThrottle()
    return t


async def authenticated(request: Request):
    """``(player, None)`` with ``{"id", "name", "session"}``, or ``(None, 401 answer)``."""
    from server.players_api import Unauthorized, current_player
    try:
        player = await current_player(request)
    except Unauthorized:
        player = None
    if player is None:
        return None, refuse(request, 401, "unauthorized")
    return player, None


def _bad_name(request: Request, e: BadName) -> JSONResponse:
    return JSONResponse({"error": e.code, "message": e.text(lang_of(request))}, status_code=400)


def _bad_password(request: Request) -> JSONResponse:
    return refuse(request, 400, "bad_password", low=PASSWORD_MIN, high=PASSWORD_MAX)


async def _revoke(hub, player_id: str, keep: str | None) -> int:
    ids = await hub.store.revoke_sessions(player_id, keep=keep)
    presence = getattr(hub, "presence", None)
    if presence is not None:
        presence.close_sessions(ids)
    return len(ids)


async def sign_in(request: Request):
    """POST /api/sessions: a new session for name + password (any browser). Failures count per name key and per
    address (server/accounts/throttle.py); a throttled sign-in is refused before the password is checked."""
    hub = request.app.state.hub
    body = await read_json(request, {"name", "password"})
    name, password = body.get("name"), body.get("password")
    if not isinstance(name, str) or not isinstance(password, str) or len(name) > 200:
        return refuse(request, 400, "sign_in_failed")
    key, address, now = name_keys(name)[0], request.client.host if request.client else "?", time.monotonic()
    throttle = _throttle(hub)
    wait = throttle.wait(key, address, now)
    if wait > 0:
        answer = refuse(request, 429, "throttled", wait=int(wait) + 1)
        answer.headers["retry-after"] = str(int(wait) + 1)
        return answer
    row = await hub.store.find_player(name)
    if row is None or not await password_matches(password, row["password_hash"]):
        throttle.fail(key, address, now)
        return refuse(request, 401, "sign_in_failed")
    throttle.succeed(key)
    secret = secrets.token_urlsafe(24)
    await hub.store.create_session(row["id"], hash_secret(secret))
    return JSONResponse({"id": row["id"], "secret": secret, "name": row["name"]}, status_code=201)


def _account_json(account: dict) -> dict:
    changed = account.get("name_changed")
    return dict(account, next_rename=None if changed is None else changed + RENAME_EVERY)


async def account(request: Request):
    """GET /api/players/me/account: the player's own account."""
    player, error = await authenticated(request)
    if error is not None:
        return error
    return JSONResponse(_account_json(await request.app.state.hub.store.account(player["id"])))


async def update_me(request: Request):
    """PATCH /api/players/me ``{"name"?, "lang"?}``: rename (a free name, once per RENAME_EVERY) and/or set the
    language. Nothing changes unless every field is accepted."""
    player, error = await authenticated(request)
    if error is not None:
        return error
    store = request.app.state.hub.store
    body = await read_json(request, {"name", "lang"})
    lang = body.get("lang", "keep")
    if lang != "keep" and lang not in LANGS:
        return refuse(request, 400, "bad_lang")
    if "name" in body:
        try:
            name = clean_name(body["name"])
        except BadName as e:
            return _bad_name(request, e)
        acc = await store.account(player["id"])
        now = time.time()
        if name != acc["name"]:
            if is_reserved(name):
                return refuse(request, 400, "reserved_name")
            if acc["name_changed"] is not None and now - acc["name_changed"] < RENAME_EVERY:
                days = int((acc["name_changed"] + RENAME_EVERY - now) // 86400) + 1
                return refuse(request, 409, "rename_too_soon", days=days)
            try:
                await store.rename_player(player["id"], name, changed=now)
            except StoreError as e:
                if e.code != "name_taken":
                    raise
                return refuse(request, 409, "name_taken")
            await _tell_rooms(request.app.state.hub.bus, player["id"], name)
    if lang != "keep":
        await store.set_lang(player["id"], lang)
    return JSONResponse(_account_json(await store.account(player["id"])))


async def _tell_rooms(bus, player_id: str, name: str) -> None:
    """Every live room (the lobby directory's, finished ones included) seating ``player_id`` is told the new name
    (a ``Renamed`` message, server/room/seats.py ``on_renamed``); a room that cannot be reached keeps the old one."""
    for info in await bus.lobby.list():
        if player_id in (info.get("owners") or {}).values():
            try:
                await bus.mailbox.send(info["id"], m.Renamed(player_id, name))
            except BusError:
                pass


async def set_password(request: Request):
    """PUT /api/players/me/password ``{"password", "current"?}``: set the first password, or change it (then
    ``current`` must be the old one). Every other session of the player ends (and its sockets close)."""
    player, error = await authenticated(request)
    if error is not None:
        return error
    hub = request.app.state.hub
    body = await read_json(request, {"password", "current"})
    try:
        new = check_rules(body.get("password"))
    except BadPassword:
        return _bad_password(request)
    acc = await hub.store.find_player(player["name"])
    if acc is None or acc["id"] != player["id"]:
        return refuse(request, 401, "unauthorized")
    if acc["password_hash"] is not None and not await password_matches(body.get("current"), acc["password_hash"]):
        return refuse(request, 403, "wrong_password")
    await hub.store.set_password(player["id"], await hash_password(new))
    return JSONResponse({"revoked": await _revoke(hub, player["id"], keep=player["session"])})


async def sign_out(request: Request):
    """POST /api/players/me/signout ``{"everywhere"?}``: end this session, or every session of the player. Only
    with a password (409 ``no_password``): a player without one could never sign in again."""
    player, error = await authenticated(request)
    if error is not None:
        return error
    hub = request.app.state.hub
    body = await read_json(request, {"everywhere"})
    everywhere = body.get("everywhere", False)
    if not isinstance(everywhere, bool):
        return refuse(request, 400, "bad_request", text="bad_everywhere")
    acc = await hub.store.account(player["id"])
    if not acc["has_password"]:
        return refuse(request, 409, "no_password")
    if everywhere:
        return JSONResponse({"revoked": await _revoke(hub, player["id"], keep=None)})
    ended = await hub.store.end_session(player["id"], player["session"])
    if getattr(hub, "presence", None) is not None:
        hub.presence.close_sessions([player["session"]])
    return JSONResponse({"revoked": int(ended)})


ROUTES = [
    ("/api/sessions", sign_in, ["POST"]),
    ("/api/players/me/account", account, ["GET"]),
    ("/api/players/me", update_me, ["PATCH"]),
    ("/api/players/me/password", set_password, ["PUT"]),
    ("/api/players/me/signout", sign_out, ["POST"]),
]
