"""HTTP API of recorded games, replays and the leaderboard. JSON; errors are ``{"error": code,
"message": sentence}`` (the sentence in the request's language) with 400 (bad query), 401/403 (a seat's replay
without that player's credentials), 404.

| method, path | answer |
|---|---|
| GET /api/games?player=ID[&limit=n][&before=t] | ``{"games": [summary...]}`` newest first (limit 1..200, default 50; ``before``: Unix s, paging) |
| GET /api/games/{id} | one game: summary + ``"n"`` (last version) and ``"turns"`` ``[{"turn", "v"}]``; ``names``: a player renamed since under the name they have now |
| GET /api/games/{id}/replay?v=n[&seat=1|2] | ``{"v", "n", "view"}``: the view after version ``v``, a spectator's unless ``seat`` (then the request must carry that seat's player: ``Authorization: Bearer <id>:<secret>``) |
| GET /api/games/{id}/log[?seat=1|2] | ``{"n", "log": [{"turn", "entries": [{"v", "player", "events"}]}]}``: every event that viewer saw, by turn |
| GET /api/leaderboard[?limit=n][&offset=k][&min_games=g] | ``{"players": [{"rank", "player", "name", "rating", "rd", "games"}]}`` best first: rated players with at least ``g`` (default 1) rated games |

A summary is ``{"id", "deck_names", "result", "players", "names", "bots", "rated", "started", "duration",
"version", "options"}``. The seed, the decks' card lists and the raw action log are never sent: viewers get only the
engine's projection for their seat (a spectator never sees a hidden card).
"""
from __future__ import annotations

import asyncio
import logging
import math

from starlette.requests import Request
from starlette.responses import JSONResponse

from .player_texts import Refusal, refuse, refused
from .replay import ReplayCache, ReplayMismatch
from .store.base import names_now

log = logging.getLogger("berserk.games")

LIMIT = (50, 200)
PRIVATE = ("seed", "decks", "log")


def _int(request: Request, name: str, default: int | None, lo: int, hi: int | None = None) -> int | None:
    raw = request.query_params.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise Refusal("not_integer", name=name) from None
    if value < lo or (hi is not None and value > hi):
        raise Refusal("int_range", name=name, low=lo, high=hi) if hi is not None else Refusal("int_min", name=name,
                                                                                            low=lo)
    return value


def _seat(request: Request) -> int | None:
    raw = request.query_params.get("seat")
    if raw is None or raw == "":
        return None
    if raw not in ("1", "2"):
        raise Refusal("bad_seat")
    return int(raw)


def _cache(request: Request) -> ReplayCache:
    hub = request.app.state.hub
    cache = getattr(hub, "replays", None)
    if cache is None:
        cache = hub.replays = ReplayCache(hub.engine, hub.store)
    return cache


async def _authorized(request: Request, game: dict, seat: int | None) -> JSONResponse | None:
    """None when the request may see ``seat``'s view of ``game`` (a spectator's always), else the error."""
    if seat is None:
        return None
    auth = request.headers.get("authorization", "")
    scheme, _, cred = auth.partition(" ")
    pid, _, secret = cred.strip().partition(":")
    if scheme.lower() != "bearer" or not pid or not secret:
        return refuse(request, 401, "unauthorized", "replay_needs_auth")
    player = await request.app.state.hub.store.verify_player(pid, secret)
    if player is None:
        return refuse(request, 401, "unauthorized", "replay_bad_secret")
    if game["players"].get(str(seat)) != player["id"]:
        return refuse(request, 403, "forbidden")
    return None


def _public(game: dict) -> dict:
    return {k: v for k, v in game.items() if k not in PRIVATE}


async def list_games(request: Request):
    player = request.query_params.get("player", "")
    if not player or len(player) > 64:
        return refuse(request, 400, "bad_request", "player_required")
    try:
        limit = _int(request, "limit", LIMIT[0], 1, LIMIT[1])
        raw = request.query_params.get("before")
        before = None if raw is None else float(raw)
        if before is not None and not math.isfinite(before):
            raise ValueError
    except Refusal as e:
        return refused(request, e)
    except ValueError:
        return refuse(request, 400, "bad_request", "bad_before")
    games = await request.app.state.hub.store.list_games(player, limit=limit, before=before)
    return JSONResponse({"games": games})


async def _replay(request: Request):
    """(replay, None) or (None, error response)."""
    try:
        replay = await _cache(request).get(request.path_params["game"])
    except ReplayMismatch as e:
        log.error("game %s does not replay: %s", request.path_params["game"], e)
        return None, refuse(request, 500, "replay_mismatch")
    if replay is None:
        return None, refuse(request, 404, "game_not_found")
    return replay, None


async def get_game(request: Request):
    replay, error = await _replay(request)
    if error is not None:
        return error
    game = _public(replay.record)
    seats = game.get("players") or {}
    now = await request.app.state.hub.store.player_names(seats.values())
    game["names"] = names_now(game.get("names"), seats, now)     # a player renamed since shows the name they have now
    return JSONResponse(dict(game, n=replay.n, turns=replay.turns))


async def replay_view(request: Request):
    try:
        seat = _seat(request)
        v = _int(request, "v", 0, 0)
    except Refusal as e:
        return refused(request, e)
    replay, error = await _replay(request)
    if error is not None:
        return error
    denied = await _authorized(request, replay.record, seat)
    if denied is not None:
        return denied
    v = min(v, replay.n)
    return JSONResponse({"v": v, "n": replay.n, "turn": replay.turn_at[v], "view": replay.view(v, seat)})


async def replay_log(request: Request):
    try:
        seat = _seat(request)
    except Refusal as e:
        return refused(request, e)
    replay, error = await _replay(request)
    if error is not None:
        return error
    denied = await _authorized(request, replay.record, seat)
    if denied is not None:
        return denied
    log = await asyncio.to_thread(replay.full_log, seat)      # a replay pass the first time: off the loop
    return JSONResponse({"n": replay.n, "log": log})


async def leaderboard(request: Request):
    try:
        limit = _int(request, "limit", LIMIT[0], 1, LIMIT[1])
        offset = _int(request, "offset", 0, 0, 10 ** 9)
        min_games = _int(request, "min_games", 1, 1, 10 ** 6)
    except Refusal as e:
        return refused(request, e)
    rows = await request.app.state.hub.store.leaderboard(limit=limit, offset=offset, min_games=min_games)
    return JSONResponse({"players": [dict(r, rank=offset + i + 1, rating=round(r["rating"]), rd=round(r["rd"]))
                                     for i, r in enumerate(rows)]})


ROUTES = [
    ("/api/games", list_games),
    ("/api/games/{game}", get_game),
    ("/api/games/{game}/replay", replay_view),
    ("/api/games/{game}/log", replay_log),
    ("/api/leaderboard", leaderboard),
]
