"""A player's saved decks over HTTP: create, list, rename / replace, duplicate, delete.

| method, path | answer |
|---|---|
| GET /api/players/me/decks | 200 ``[saved deck]``, the most recently changed first |
| POST /api/players/me/decks | body ``{"name", "cards": [{"id", "count"}]}`` -> 201 saved deck; a repeat with the same ``Idempotency-Key`` header gets the first answer and stores nothing (server/idempotency.py) |
| PATCH /api/players/me/decks/{id} | body ``{"name"?, "cards"?}`` -> 200 saved deck |
| POST /api/players/me/decks/{id}/duplicate | body ``{"name"?}`` (optional) -> 201 the copy |
| DELETE /api/players/me/decks/{id} | 204 |

Saved deck: ``{"id", "name", "cards": [{"id", "count"}], "valid", "errors": [{"code", "msg"}], "created",
"updated"}``. A saved deck may still break the deck rules (a deck being built: ``valid`` false, the validator's
``errors``), but it must be well formed and name only pool cards, at most 50 of them; anything else is refused with
400 and nothing is stored. Requests authenticate with ``Authorization: Bearer <player id>:<secret>`` (401
``unauthorized`` otherwise); another player's deck is 404. Persistence: ``app.state.store`` (server/store/).
"""
from __future__ import annotations

from collections import Counter

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from engine import DeckError, deck_counts, deck_errors

from .decks_api import SHAPE_CODES, _bad, _problem, _read, request_lang
from .player_texts import Refusal, refused

MAX_NAME = 60       #: characters of a deck name
MAX_DECKS = 100     #: saved decks per player

#: Validator codes that keep a deck from being stored at all (besides the malformed-body codes).
REFUSED = SHAPE_CODES | {"unknown_card", "ambiguous_card", "too_many_cards"}


class _Refused(Exception):
    """Raised by the helpers below with the 4xx answer to send; nothing was stored."""

    def __init__(self, response: JSONResponse):
        super().__init__(response.status_code)
        self.response = response


def _store(request: Request):
    return request.app.state.store


async def _player(request: Request, lang: str) -> str:
    """The authenticated player's id; raises _Refused(401)."""
    scheme, _, cred = request.headers.get("authorization", "")[:400].partition(" ")
    pid, _, secret = cred.strip().partition(":")
    ok = scheme.lower() == "bearer" and pid and secret
    player = await _store(request).verify_player(pid, secret) if ok else None
    if player is None:
        raise _Refused(_problem(401, "unauthorized", [DeckError(
            "unauthorized", "Нужен игрок: заголовок Authorization: Bearer <id>:<secret>.",
            "A player is required: header Authorization: Bearer <id>:<secret>.")], lang))
    return player["id"]


def _name(body: dict, lang: str, required: bool) -> str | None:
    """The stripped deck name (None when absent and not required); raises _Refused(400)."""
    if "name" not in body and not required:
        return None
    name = body.get("name")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
        raise _Refused(_bad(lang, f"Название колоды — строка от 1 до {MAX_NAME} символов.",
                            f"A deck name is a string of 1 to {MAX_NAME} characters."))
    return name.strip()


def _cards(body: dict, lang: str, required: bool) -> list[str] | None:
    """The pool ids (copies repeated) of ``body["cards"]`` (None when absent and not required); raises
    _Refused(400) for anything that may not be stored."""
    if "cards" not in body:
        if required:
            raise _Refused(_bad(lang, "Нужно поле cards: [{id, count}].", "The field cards: [{id, count}] is required."))
        return None
    refused = [e for e in deck_errors(body["cards"]) if e.code in REFUSED]
    if refused:
        raise _Refused(_problem(400, "bad_request", refused, lang))
    counts, _ = deck_counts(body["cards"])
    return [cid for cid, n in counts.items() for _ in range(n)]


async def _room_for_one_more(request: Request, pid: str, lang: str) -> None:
    """Raises _Refused(409) when the player already keeps MAX_DECKS decks."""
    if len(await _store(request).list_decks(pid)) >= MAX_DECKS:
        raise _Refused(_problem(409, "too_many_decks", [DeckError(
            "too_many_decks", f"Сохранить можно не больше {MAX_DECKS} колод.",
            f"At most {MAX_DECKS} decks can be saved.")], lang))


def _out(deck: dict, lang: str) -> dict:
    counts = Counter(deck["cards"])
    entries = [{"id": cid, "count": n} for cid, n in counts.items()]
    errors = deck_errors(entries)
    return {"id": deck["id"], "name": deck["name"], "cards": entries, "valid": not errors,
            "errors": [e.to_dict(lang) for e in errors], "created": deck["created"], "updated": deck["updated"]}


def _found(deck: dict | None, lang: str, status: int = 200) -> JSONResponse:
    if deck is None:
        return _problem(404, "deck_not_found", [DeckError(
            "deck_not_found", "Такой сохранённой колоды нет.", "There is no such saved deck.")], lang)
    return JSONResponse(_out(deck, lang), status_code=status)


def _endpoint(fields: frozenset | None):
    """Wrap ``handler(request, lang, player id, body)``: authenticate, read the body (``fields`` None = none), and
    answer any _Refused."""
    def wrap(handler):
        async def endpoint(request: Request):
            lang = request_lang(request)
            try:
                pid = await _player(request, lang)
                body = {} if fields is None else await _read(request, fields, lang)
                if isinstance(body, Response):
                    return body
                return await handler(request, lang, pid, body)
            except _Refused as r:
                return r.response
        endpoint.__doc__ = handler.__doc__
        return endpoint
    return wrap


@_endpoint(None)
async def list_saved(request: Request, lang: str, pid: str, body: dict):
    """GET /api/players/me/decks."""
    return JSONResponse([_out(d, lang) for d in await _store(request).list_decks(pid)])


@_endpoint(frozenset({"name", "cards"}))
async def create_saved(request: Request, lang: str, pid: str, body: dict):
    """POST /api/players/me/decks ``{"name", "cards"}``. With an ``Idempotency-Key`` header (one click on Save) a
    repeat of the request gets the first one's answer and stores no second deck; a malformed key is 400
    ``bad_request`` ``bad_idempotency_key`` (server/idempotency.py)."""
    from .idempotency import answers_of, key_of
    try:
        key = key_of(request)
    except Refusal as e:
        return refused(request, e)

    async def make() -> Response:
        name, cards = _name(body, lang, True), _cards(body, lang, True)
        await _room_for_one_more(request, pid, lang)
        return _found(await _store(request).create_deck(pid, name, cards), lang, 201)
    return await answers_of(request.app.state.hub).answer(request, pid, key, body, make)


@_endpoint(frozenset({"name", "cards"}))
async def update_saved(request: Request, lang: str, pid: str, body: dict):
    """PATCH /api/players/me/decks/{id} ``{"name"?, "cards"?}``."""
    name, cards = _name(body, lang, False), _cards(body, lang, False)
    return _found(await _store(request).update_deck(pid, request.path_params["deck"], name=name, cards=cards), lang)


@_endpoint(frozenset({"name"}))
async def duplicate_saved(request: Request, lang: str, pid: str, body: dict):
    """POST /api/players/me/decks/{id}/duplicate ``{"name"?}``."""
    name = _name(body, lang, False)
    await _room_for_one_more(request, pid, lang)
    return _found(await _store(request).duplicate_deck(pid, request.path_params["deck"], name), lang, 201)


@_endpoint(None)
async def delete_saved(request: Request, lang: str, pid: str, body: dict):
    """DELETE /api/players/me/decks/{id}."""
    if await _store(request).delete_deck(pid, request.path_params["deck"]):
        return Response(status_code=204)
    return _found(None, lang)


async def saved_cards(store, player_id: str | None) -> dict:
    """``{saved deck id: [pool ids]}`` of a player, for :func:`server.decks_api.parse_deck_choice` (``saved=``);
    empty without a player or a store."""
    if store is None or not player_id:
        return {}
    return {d["id"]: d["cards"] for d in await store.list_decks(player_id)}
