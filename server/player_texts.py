"""The one path of every error answer of the HTTP API, in Russian and English: ``refuse(request, status, code,
text=None, **values)`` answers ``{"error": code, "message": sentence}`` with the sentence ``text`` (``code`` by
default) of :data:`TEXTS` in the request's language (``Accept-Language``, :func:`request_lang`: Russian without the
header). ``TEXTS`` holds the accounts, friends and challenge sentences below and the rest of the
API's (server/error_texts.py). Each sentence is whole in both languages (no English detail inside a Russian frame),
so one answer reads in one language.

A value refused deep inside a handler raises :class:`Refusal` (a ValueError carrying a sentence key and its
values), which the handler answers with :func:`refused`. Middlewares without a Request use :func:`error_body`."""
from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse

from .error_texts import TEXTS as API_TEXTS

TEXTS = {
    "name_taken": ("Это имя уже занято (или выглядит так же, как занятое). Выберите другое.",
                   "This name is taken (or looks the same as one that is). Choose another."),
    "reserved_name": ("Это имя зарезервировано (за компьютерным соперником или администрацией сайта). "
                      "Выберите другое.",
                      "This name is reserved (for the computer opponent or the site's staff). Choose another."),
    "bad_password": ("Пароль должен быть длиной от {low} до {high} символов.",
                     "The password must have {low} to {high} characters."),
    "sign_in_failed": ("Неверное имя или пароль.", "Wrong name or password."),
    "throttled": ("Слишком много неудачных попыток входа. Попробуйте через {wait} с.",
                  "Too many failed sign-ins. Try again in {wait} s."),
    "wrong_password": ("Текущий пароль неверен.", "The current password is wrong."),
    "no_password": ("Сначала задайте пароль: без него в аккаунт больше не войти.",
                    "Set a password first: without one you could not sign in again."),
    "rename_too_soon": ("Имя можно менять раз в 30 дней; следующая смена возможна через {days} дн.",
                        "The name may change once in 30 days; the next change is possible in {days} days."),
    "bad_lang": ("Язык должен быть ru или en.", "The language must be ru or en."),
    "unauthorized": ("Войдите, чтобы продолжить.", "Sign in to continue."),
    "player_not_found": ("Игрока с таким именем нет.", "There is no player with this name."),
    "friend_self": ("Нельзя добавить в друзья себя.", "You cannot add yourself as a friend."),
    "name_required": ("Введите имя игрока.", "Enter the player's name."),
    "name_not_text": ("Имя игрока должно быть текстом.", "The player's name must be text."),
    "challenge_self": ("Нельзя вызвать на игру себя.", "You cannot challenge yourself."),
    "not_friends": ("Вызвать можно только друга (вы добавили друг друга).",
                    "You can challenge only a friend (you have added each other)."),
    "challenge_not_found": ("Вызова нет или он уже не действует.", "There is no such open challenge."),
    "challenge_not_yours": ("Этот вызов адресован не вам.", "This challenge is not addressed to you."),
    "bad_preset": ("Неизвестный контроль времени: {presets}.", "Unknown clock preset; the presets are {presets}."),
    "unavailable": ("Не удалось создать комнату; попробуйте ещё раз.", "The room could not be made; try again."),
    "bad_everywhere": ("Поле «everywhere» может быть только true или false.", "'everywhere' must be true or false."),
    **API_TEXTS,
}


class Refusal(ValueError):
    """A refused value: error ``code`` (``bad_request`` by default), the sentence key ``text`` of :data:`TEXTS` and
    its ``values``; ``str(e)`` is the English sentence (logs)."""

    def __init__(self, text: str, code: str = "bad_request", **values) -> None:
        self.text, self.code, self.values = text, code, values
        super().__init__(sentence("en", text, **values))


def lang_of(request: Request) -> str:
    """The request's language, "ru" | "en" (:func:`request_lang`)."""
    return request_lang(request)


def request_lang(request: Request) -> str:
    """"en" or "ru" from the ``Accept-Language`` header: the first of the two by q-value; "ru" by default."""
    return header_lang(request.headers.get("accept-language", ""))


def scope_lang(scope) -> str:
    """:func:`request_lang` of an ASGI scope (a middleware answering before any handler)."""
    for name, value in scope.get("headers") or ():
        if name.lower() == b"accept-language":
            return header_lang(value.decode("latin-1"))
    return "ru"


def header_lang(value: str) -> str:
    """"en" or "ru" from an ``Accept-Language`` value: the first of the two by q-value; "ru" by default."""
    best, best_q = "ru", -1.0
    for i, part in enumerate(value[:500].split(",")):
        tag, _, params = part.strip().partition(";")
        primary = tag.strip().lower().split("-")[0]
        if primary not in ("en", "ru"):
            continue
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        if q > best_q + 1e-9 or (q == best_q and i == 0):
            best, best_q = primary, q
    return best


def sentence(lang: str, key: str, **values) -> str:
    """The sentence ``key`` of :data:`TEXTS` in ``lang`` ("ru" | "en"), ``values`` filled in; a key the table does
    not hold (a code relayed from the bus or the store that has no sentence of its own) reads as ``refused``."""
    ru, en = TEXTS.get(key) or TEXTS["refused"]
    return (ru if lang == "ru" else en).format(**values)


def say(request: Request, code: str, **values) -> str:
    """The sentence ``code`` in the request's language, ``values`` filled in."""
    return sentence(lang_of(request), code, **values)


def error_body(lang: str, code: str, text: str | None = None, **values) -> dict:
    """``{"error": code, "message": sentence}``: the sentence ``text`` (``code`` by default) in ``lang``."""
    return {"error": code, "message": sentence(lang, text or code, **values)}


def refuse(request: Request, status: int, code: str, text: str | None = None, **values) -> JSONResponse:
    """The error answer ``{"error": code, "message": sentence}`` in the request's language; the sentence is the
    TEXTS entry ``text`` (``code`` by default)."""
    return JSONResponse(error_body(lang_of(request), code, text, **values), status_code=status)


def refused(request: Request, e: ValueError, status: int = 400) -> JSONResponse:
    """The answer to a ValueError a handler caught: a :class:`Refusal` with its code and sentence; an unknown bot
    level (server/bot_levels.py UnknownLevel: ``levels``) as ``unknown_level`` with the levels; a deck that cannot
    be played (server/decks_api.py DeckChoiceError: ``errors``) with its own code (``bad_deck_choice`` for a pasted
    code or list that is no deck, ``invalid_deck``, ``unknown_deck``), the deck validator's sentences (already in the
    language asked for) and ``errors``; any other ValueError as ``bad_request`` ``bad_deck`` (only deck readers raise
    plain ones)."""
    if isinstance(e, Refusal):
        return refuse(request, status, e.code, e.text, **e.values)
    levels = getattr(e, "levels", None)
    if levels is not None:
        body = error_body(lang_of(request), "unknown_level", levels=", ".join(levels))
        return JSONResponse(dict(body, levels=list(levels)), status_code=status)
    to_json = getattr(e, "to_json", None)
    if to_json is not None:
        return to_json(status)
    return refuse(request, status, "bad_request", "bad_deck")
