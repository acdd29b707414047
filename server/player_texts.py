"""The sentences of the accounts, friends and challenge endpoints, in Russian and English: ``say(request, code,
**values)`` picks the request's language (``Accept-Language``, server/http_common.py ``request_lang``). Each
sentence is whole in both languages (no English detail inside a Russian frame), so one answer reads in one
language."""
from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse

TEXTS = {
    "name_taken": ("Это имя уже занято (или выглядит так же, как занятое). Выберите другое.",
                   "This name is taken (or looks the same as one that is). Choose another."),
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
    "challenge_self": ("Нельзя вызвать на игру себя.", "You cannot challenge yourself."),
    "not_friends": ("Вызвать можно только друга (вы добавили друг друга).",
                    "You can challenge only a friend (you have added each other)."),
    "challenge_not_found": ("Вызова нет или он уже не действует.", "There is no such open challenge."),
    "challenge_not_yours": ("Этот вызов адресован не вам.", "This challenge is not addressed to you."),
    "bad_preset": ("Неизвестный контроль времени: {presets}.", "Unknown clock preset; the presets are {presets}."),
    "unavailable": ("Не удалось создать комнату; попробуйте ещё раз.", "The room could not be made; try again."),
    "bad_everywhere": ("Поле «everywhere» может быть только true или false.", "'everywhere' must be true or false."),
}


def lang_of(request: Request) -> str:
    from server.http_common import request_lang
    return request_lang(request)


def say(request: Request, code: str, **values) -> str:
    """The sentence ``code`` in the request's language, ``values`` filled in."""
    ru, en = TEXTS[code]
    return (ru if lang_of(request) == "ru" else en).format(**values)


def refuse(request: Request, status: int, code: str, text: str | None = None, **values) -> JSONResponse:
    """The error answer ``{"error": code, "message": sentence}`` in the request's language; the sentence is the
    TEXTS entry ``text`` (``code`` by default)."""
    return JSONResponse({"error": code, "message": say(request, text or code, **values)}, status_code=status)
