"""Decks over HTTP: the preconstructed decks, validation, export / import, a player's saved decks, and
:func:`parse_deck_choice`, the one reader of the ``deck`` a seat brings when it takes its seat.

| method, path | answer |
|---|---|
| GET /api/decks | ``[{"id", "name": {"ru", "en"}, "starter", "elements", "cards": [{"id", "count"}]}]`` |
| POST /api/decks/validate | ``{"cards": [{"id", "count"}], "format"?}`` -> ``{"valid", "count", "elements", "errors":
  [{"code", "msg", "card"?}]}`` |
| POST /api/decks/export | ``{"cards"}`` -> ``{"code", "lines": {"ru", "en"}}`` |
| POST /api/decks/import | ``{"code"}`` or ``{"text"}`` -> ``{"cards", "errors"}`` |
| GET, POST /api/players/me/decks | the player's saved decks / save one ``{"name", "cards"}`` -> 201 deck |
| PATCH, DELETE /api/players/me/decks/{id} | rename or replace ``{"name"?, "cards"?}`` / delete |
| POST /api/players/me/decks/{id}/duplicate | ``{"name"?}`` -> 201 the copy |

Every ``msg`` follows the ``Accept-Language`` header (Russian by default). Deck rules come from the engine's one
validator (engine/cards/decks.py); docs/server.md "Decks" documents all of it.
"""
from __future__ import annotations

import random

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from engine import (DeckError, deck_counts, deck_elements, deck_errors, find_deck,
                          preconstructed_decks)

from . import deck_code
from .http_common import request_lang  # noqa: F401 (re-exported: saved_decks, lobby, matchmaking)
from .http_body import BodyError, read_json

MAX_NAME = 60   #: longest saved-deck name (characters)

#: Codes that mean the body itself is malformed (400 everywhere), not merely an illegal deck.
SHAPE_CODES = frozenset({"not_a_list", "too_many_entries", "bad_entry", "bad_count", "unknown_format"})


class DeckChoiceError(ValueError):
    """A ``deck`` value that cannot be played: ``code`` ("bad_deck_choice" for a malformed value, "invalid_deck"
    for an illegal deck, "unknown_deck" for a preconstructed or saved deck that does not exist), ``errors`` (list of
    :class:`engine.cards.decks.DeckError`); ``str()`` joins the sentences in the language asked for."""

    def __init__(self, code: str, errors: list[DeckError], lang: str = "ru"):
        super().__init__(" ".join(e.msg(lang) for e in errors))
        self.code, self.errors, self.lang = code, errors, lang

    def to_json(self, status: int = 400) -> JSONResponse:
        """The 4xx answer: ``{"error", "message", "errors": [{"code", "msg"}]}``."""
        return JSONResponse({"error": self.code, "message": str(self),
                             "errors": [e.to_dict(self.lang) for e in self.errors]}, status_code=status)


def _ids(counts: dict) -> list[str]:
    return [cid for cid, n in counts.items() for _ in range(n)]


def _entries(counts: dict) -> list[dict]:
    return [{"id": cid, "count": n} for cid, n in counts.items()]


def parse_deck_choice(value, *, lang: str = "ru", saved: dict | None = None) -> list[str]:
    """The legal deck (pool ids, copies repeated) a seat chose; raises :class:`DeckChoiceError` otherwise.

    ``value``, one of:
    - a preconstructed deck's id or name (``"forests-steppes"``, ``"Леса-Степи"``), or ``{"preset": id}``;
    - a short deck code (``"BRK1..."``, server/deck_code.py), or ``{"code": str}``;
    - ``{"text": "3 × Name\\n..."}`` (the plain list);
    - ``{"cards": [{"id", "count"}]}`` (or a list of ids);
    - ``{"saved": deck id}``: a saved deck; ``saved`` maps the player's saved deck ids to their card lists (the
      caller reads them from the store for the authenticated player; without it a saved deck is unknown).

    The deck must pass the engine's validator (01-game-and-cards.md §7.1, constructed format). Nothing is changed.
    """
    if isinstance(value, str):
        value = {"code": value} if value.strip().startswith(deck_code.PREFIX) else {"preset": value}
    if isinstance(value, list):
        value = {"cards": value}
    if not isinstance(value, dict) or len(value) != 1 or next(iter(value)) not in (
            "preset", "code", "text", "cards", "saved"):
        raise DeckChoiceError("bad_deck_choice", [DeckError(
            "bad_deck_choice", "Колода задаётся одним из полей preset, code, text, cards или saved.",
            "A deck is given by exactly one of preset, code, text, cards or saved.")], lang)
    kind, arg = next(iter(value.items()))
    if kind in ("preset", "saved"):
        cards = _named(kind, arg, saved, lang)
    elif kind == "cards":
        cards = arg
    else:
        counts, problems = (deck_code.decode if kind == "code" else deck_code.from_lines)(arg)
        if problems:
            raise DeckChoiceError("bad_deck_choice", problems, lang)
        cards = _ids(counts)
    problems = deck_errors(cards)
    if problems:
        code = "bad_deck_choice" if any(p.code in SHAPE_CODES for p in problems) else "invalid_deck"
        raise DeckChoiceError(code, problems, lang)
    counts, _ = deck_counts(cards)
    return _ids(counts)


def _named(kind: str, key, saved: dict | None, lang: str) -> list:
    if kind == "preset":
        deck = find_deck(key) if isinstance(key, str) else None
        cards = deck["cards"] if deck else None
    else:
        cards = (saved or {}).get(key) if isinstance(key, str) else None
    if cards is None:
        shown = str(key)[:60]
        ru, en = (("Готовой колоды «{}» нет.", "There is no preconstructed deck {!r}.") if kind == "preset"
                  else ("Сохранённой колоды «{}» нет.", "There is no saved deck {!r}."))
        raise DeckChoiceError("unknown_deck", [DeckError("unknown_deck", ru.format(shown), en.format(shown))], lang)
    return cards


def random_preset(rng: random.Random | None = None) -> list[str]:
    """A random preconstructed deck's pool ids (copies repeated): the computer opponent's deck when the creator
    picks none."""
    deck = (rng or random.SystemRandom()).choice(preconstructed_decks())
    return _ids({c["id"]: c["count"] for c in deck["cards"]})


# ---- HTTP -------------------------------------------------------------------------------------------------------

def _problem(status: int, code: str, errors: list[DeckError], lang: str) -> JSONResponse:
    return JSONResponse({"error": code, "message": " ".join(e.msg(lang) for e in errors), "valid": False,
                         "errors": [e.to_dict(lang) for e in errors]}, status_code=status)


def _bad(lang: str, ru: str, en: str) -> JSONResponse:
    return _problem(400, "bad_request", [DeckError("bad_request", ru, en)], lang)


async def _read(request: Request, allowed: frozenset, lang: str, max_bytes: int | None = None) -> dict | JSONResponse:
    """The body through the one body reader (server/http_body.py), its refusal answered in ``lang``."""
    try:
        return await read_json(request, allowed, max_bytes=max_bytes)
    except BodyError as e:
        return _problem(e.status, e.code, [DeckError(e.code, e.message("ru"), e.message("en"))], lang)


async def list_decks(request: Request):
    """GET /api/decks: every preconstructed deck (shape of :func:`engine.cards.decks.preconstructed_decks`)."""
    return JSONResponse(preconstructed_decks())


def _cards_or_problem(body: dict, lang: str, fmt: str = "constructed"):
    """(counts, errors) for ``body["cards"]``, or a 400 answer when the body's shape is wrong."""
    if "cards" not in body:
        return _bad(lang, "Нужно поле cards: [{id, count}].", "The field cards: [{id, count}] is required.")
    errors = deck_errors(body["cards"], fmt)
    shape = [e for e in errors if e.code in SHAPE_CODES]
    if shape:
        return _problem(400, "bad_request", shape, lang)
    counts, _ = deck_counts(body["cards"])
    return counts, errors


async def validate(request: Request):
    """POST /api/decks/validate ``{"cards": [{"id", "count"}], "format": "constructed" | "limited"}``."""
    lang = request_lang(request)
    body = await _read(request, frozenset({"cards", "format"}), lang)
    if isinstance(body, Response):
        return body
    fmt = body.get("format", "constructed")
    got = _cards_or_problem(body, lang, fmt if isinstance(fmt, str) else "?")
    if isinstance(got, Response):
        return got
    counts, errors = got
    return JSONResponse({"valid": not errors, "count": sum(counts.values()), "elements": deck_elements(counts),
                         "errors": [e.to_dict(lang) for e in errors]})


async def export_deck(request: Request):
    """POST /api/decks/export ``{"cards"}`` -> ``{"code", "lines": {"ru", "en"}}`` (any known cards, legal or not)."""
    lang = request_lang(request)
    body = await _read(request, frozenset({"cards"}), lang)
    if isinstance(body, Response):
        return body
    got = _cards_or_problem(body, lang)
    if isinstance(got, Response):
        return got
    counts, errors = got
    unknown = [e for e in errors if e.code in ("unknown_card", "ambiguous_card")]
    if unknown:
        return _problem(400, "unknown_card", unknown, lang)
    return JSONResponse({"code": deck_code.encode(counts),
                         "lines": {"ru": deck_code.to_lines(counts, "ru"), "en": deck_code.to_lines(counts, "en")}})


async def import_deck(request: Request):
    """POST /api/decks/import ``{"code": str}`` or ``{"text": str}`` -> ``{"cards": [{"id", "count"}], "errors"}``
    (the cards that could be read, and every line or entry that could not)."""
    lang = request_lang(request)
    body = await _read(request, frozenset({"code", "text"}), lang, max_bytes=4 * deck_code.MAX_TEXT)
    if isinstance(body, Response):
        return body
    if len(body) != 1:
        return _bad(lang, "Нужно ровно одно поле: code или text.", "Exactly one field is required: code or text.")
    counts, problems = (deck_code.decode(body["code"]) if "code" in body else deck_code.from_lines(body["text"]))
    return JSONResponse({"cards": _entries(counts), "errors": [e.to_dict(lang) for e in problems]})
