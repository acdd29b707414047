"""HTTP endpoints of a game's end by a player's decision (server/room/endings.py): claim the win over an away opponent,
abort a game not yet really played.

| method, path | answer |
|---|---|
| POST /api/rooms/{id}/claim | body ``{"token"}`` (the seat token) -> 200 ``{"room", "result"}``; 409 ``grace_not_over``, ``opponent_present``, ``not_running``, ``not_a_player`` (no or a wrong token: a spectator) |
| POST /api/rooms/{id}/abort | body ``{"token"}`` -> 200 ``{"room", "result"}`` (``result`` None when the room closed before the deal); 409 ``too_late_to_abort``, ``not_a_player`` |

Every refusal is ``{"error": code, "message": sentence}`` (the sentence in the request's language) and changes
nothing; 404 ``room_not_found``, 400 ``bad_request`` for a malformed body.
"""
from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse

from .bus import messages as m
from .http_body import read_json
from .lobby import _room_call
from .player_texts import refuse

FIELDS = frozenset({"token"})


async def _end(request: Request, kind: str):
    body = await read_json(request, FIELDS)
    token = body.get("token")
    if token is not None and (not isinstance(token, str) or not 1 <= len(token) <= 128):
        return refuse(request, 400, "bad_request", "bad_token")
    room = request.path_params["room"]
    answer, error = await _room_call(request, room, m.EndGame(token, kind))
    if error is not None:
        return error
    return JSONResponse({"room": room, "result": answer.get("result")})


async def claim_win(request: Request):
    """POST /api/rooms/{id}/claim: the present player wins over the opponent away past the grace period."""
    return await _end(request, "claim")


async def abort_game(request: Request):
    """POST /api/rooms/{id}/abort: end a game not played past the first player's first turn, unrated."""
    return await _end(request, "abort")


ROUTES = [("/api/rooms/{room}/claim", claim_win), ("/api/rooms/{room}/abort", abort_game)]
