"""A player's saved decks over HTTP (issue 17 item 2): create, list, rename / replace, duplicate, delete.

| method, path | answer |
|---|---|
| GET /api/players/me/decks | 200 ``[saved deck]``, the most recently changed first |
| POST /api/players/me/decks | body ``{"name", "cards": [{"id", "count"}]}`` -> 201 saved deck |
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

MAX_NAME = 60       #: characters of a deck name
MAX_DECKS = 100     #: saved decks per player

#: Validator codes that keep a deck from being stored at all (besides the malformed-body codes).
REFUSED = SHAPE_CODES | {"unknown_card", "ambiguous_card", "too_many_cards"}


def _store(request: Request):
    return request.app.state.store


async def _player(request: Request, lang: str):
    """The authenticated player's id, or a 401 answer."""
    store = _store(request)
    scheme, _, cred = request.headers.get("authorization", "")[:400].partition(" ")
    pid, _, secret = cred.strip().partition(":")
    player = await store.verify_player(pid, secret) if scheme.lower() == "bearer" and pid and secret else None
    if player is None:
        return _problem(401, "unauthorized", [DeckError(
            "unauthorized", "Нужен игрок: заголовок Authorization: Bearer <id>:<secret>.",
            "A player is required: header Authorization: Bearer <id>:<secret>.")], lang)
    return player["id"]


def _name(body: dict, lang: str, required: bool):
    """The stripped deck name, None when absent and not required, or an error answer."""
    if "name" not in body and not required:
        return None
    name = body.get("name")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
        return _bad(lang, f"Название колоды — строка от 1 до {MAX_NAME} символов.",
                    f"A deck name is a string of 1 to {MAX_NAME} characters.")
    return name.strip()


def _cards(body: dict, lang: str):
    """The pool ids (copies repeated) of ``body["cards"]``, or an error answer (nothing stored)."""
    refused = [e for e in deck_errors(body["cards"]) if e.code in REFUSED]
    if refused:
        return _problem(400, "bad_request", refused, lang)
    counts, _ = deck_counts(body["cards"])
    return [cid for cid, n in counts.items() for _ in range(n)]


def _out(deck: dict, lang: str) -> dict:
    counts = Counter(deck["cards"])
    entries = [{"id": cid, "count": n} for cid, n in counts.items()]
    errors = deck_errors(entries)
    return {"id": deck["id"], "name": deck["name"], "cards": entries, "valid": not errors,
            "errors": [e.to_dict(lang) for e in errors], "created": deck["created"], "updated": deck["updated"]}


async def _full(store, pid: str) -> bool:
    return len(await store.list_decks(pid)) >= MAX_DECKS


async def _full_answer(lang: str) -> JSONResponse:
    return _problem(409, "too_many_decks", [DeckError(
        "too_many_decks", f"Сохранить можно не больше {MAX_DECKS} колод.",
        f"At most {MAX_DECKS} decks can be saved.")], lang)


def _missing(lang: str) -> JSONResponse:
    return _problem(404, "deck_not_found", [DeckError(
        "deck_not_found", "Такой сохранённой колоды нет.", "There is no such saved deck.")], lang)


async def _begin(request: Request, fields: frozenset | None):
    """(lang, player id, body) or an error answer; ``fields`` None = no body read."""
    lang = request_lang(request)
    pid = await _player(request, lang)
    if isinstance(pid, Response):
        return pid
    body = {}
    if fields is not None:
        body = await _read(request, fields, lang)
        if isinstance(body, Response):
            return body
    return lang, pid, body


async def list_saved(request: Request):
    got = await _begin(request, None)
    if isinstance(got, Response):
        return got
    lang, pid, _ = got
    return JSONResponse([_out(d, lang) for d in await _store(request).list_decks(pid)])


async def create_saved(request: Request):
    got = await _begin(request, frozenset({"name", "cards"}))
    if isinstance(got, Response):
        return got
    lang, pid, body = got
    name = _name(body, lang, True)
    if isinstance(name, Response):
        return name
    if "cards" not in body:
        return _bad(lang, "Нужно поле cards: [{id, count}].", "The field cards: [{id, count}] is required.")
    cards = _cards(body, lang)
    if isinstance(cards, Response):
        return cards
    store = _store(request)
    if await _full(store, pid):
        return await _full_answer(lang)
    return JSONResponse(_out(await store.create_deck(pid, name, cards), lang), status_code=201)


async def update_saved(request: Request):
    got = await _begin(request, frozenset({"name", "cards"}))
    if isinstance(got, Response):
        return got
    lang, pid, body = got
    name = _name(body, lang, False)
    if isinstance(name, Response):
        return name
    cards = _cards(body, lang) if "cards" in body else None
    if isinstance(cards, Response):
        return cards
    deck = await _store(request).update_deck(pid, request.path_params["deck"], name=name, cards=cards)
    return JSONResponse(_out(deck, lang)) if deck else _missing(lang)


async def duplicate_saved(request: Request):
    got = await _begin(request, frozenset({"name"}))
    if isinstance(got, Response):
        return got
    lang, pid, body = got
    name = _name(body, lang, False)
    if isinstance(name, Response):
        return name
    store = _store(request)
    if await _full(store, pid):
        return await _full_answer(lang)
    deck = await store.duplicate_deck(pid, request.path_params["deck"], name)
    return JSONResponse(_out(deck, lang), status_code=201) if deck else _missing(lang)


async def delete_saved(request: Request):
    got = await _begin(request, None)
    if isinstance(got, Response):
        return got
    lang, pid, _ = got
    return Response(status_code=204) if await _store(request).delete_deck(pid, request.path_params["deck"]) \
        else _missing(lang)


async def saved_cards(store, player_id: str | None) -> dict:
    """``{saved deck id: [pool ids]}`` of a player, for :func:`server.decks_api.parse_deck_choice` (``saved=``);
    empty without a player or a store."""
    if store is None or not player_id:
        return {}
    return {d["id"]: d["cards"] for d in await store.list_decks(player_id)}
