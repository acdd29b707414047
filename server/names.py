"""Display names of players: one validation used by every endpoint that accepts a name.

A name is what other people read on the board, in the lobby and in the chat, so it is normalized and bounded here
and escaped wherever it is shown (the browser inserts it as text, never as HTML). Whether a name is free (unique up
to case, compatibility forms and confusable letters) is server/namekey.py's business.

Some names belong to no player (:data:`RESERVED`): the computer opponent as the lobby and the board show it
(«Компьютер (новичок)», "Computer (expert)", server/static/js/i18n.js ``bot_name``) and the names of the site's
staff and system. :func:`is_reserved` compares through the same look-alike keys, so «Аdmin» with a Cyrillic «А»,
«A d m i n» and «ＡＤＭＩＮ» are reserved too. Sign-up and rename refuse them (400 ``reserved_name``).
"""
from __future__ import annotations

import functools
import unicodedata

from .namekey import BAD_CATEGORIES, INVISIBLE, name_keys, printable

NAME_MAX = 24          # characters (after normalization)

#: The computer opponent's levels as the page names them (server/static/js/i18n.js ``bot_<level>``), per language.
BOT_LEVELS = {"ru": ("новичок", "любитель", "сильный", "эксперт", "случайный"),
              "en": ("beginner", "casual", "strong", "expert", "random")}
#: Names no player may take (module docstring), with the computer's names of every level (``bot_name``).
RESERVED = ("Компьютер", "Computer", "Бот", "Bot", "Админ", "Admin", "Администратор", "Administrator", "Модератор",
            "Moderator", "Система", "System", "Сервер", "Server") + tuple(
    f"{word} ({level})" for lang, word in (("ru", "Компьютер"), ("en", "Computer")) for level in BOT_LEVELS[lang])


class BadName(ValueError):
    """A refused name; ``code`` is ``bad_name``, ``str(e)`` the English sentence, ``text(lang)`` the sentence in
    ``lang`` ("ru" | "en")."""

    code = "bad_name"

    def __init__(self, en: str, ru: str | None = None) -> None:
        super().__init__(en)
        self.ru = ru or en

    def text(self, lang: str) -> str:
        return self.ru if lang == "ru" else str(self)


def name_char(ch: str) -> bool:
    """True for a character a display name may hold: a letter of any script (Unicode category L*), a mark that
    belongs to a letter (M*: accents, vowel signs), a decimal digit (Nd) or a space."""
    return ch == " " or unicodedata.category(ch)[0] in "LM" or unicodedata.category(ch) == "Nd"


def clean_name(raw) -> str:
    """The display name to keep for ``raw``: NFC-normalized, surrounding spaces removed, inner runs of spaces
    collapsed to one. The rule the page states: 1 to NAME_MAX letters, digits or spaces (:func:`name_char`).
    Raises BadName when ``raw`` is not a string, is empty, is longer than NAME_MAX characters, holds a control,
    format, unassigned or invisible character (INVISIBLE), has no visible character at all (only spaces or
    combining marks), or holds anything but letters, digits and spaces (punctuation, symbols, ``<b>``). Names
    kept before this rule are only read, never checked again (sign-in, friends and profiles look them up)."""
    if not isinstance(raw, str):
        raise BadName("The name must be a string.", "Имя должно быть строкой.")
    name = unicodedata.normalize("NFC", raw)
    if any(unicodedata.category(ch) in BAD_CATEGORIES or ch in INVISIBLE for ch in name):
        raise BadName("The name may not contain control or invisible characters.",
                      "В имени не может быть управляющих или невидимых символов.")
    name = " ".join(name.split())
    if not printable(name):
        raise BadName("The name may not be empty.", "Имя не может быть пустым.")
    if len(name) > NAME_MAX:
        raise BadName(f"The name may be at most {NAME_MAX} characters long.",
                      f"Имя может быть не длиннее {NAME_MAX} символов.")
    if not all(name_char(ch) for ch in name):
        raise BadName("The name may hold only letters, digits and spaces.",
                      "В имени могут быть только буквы, цифры и пробелы.")
    return name


@functools.cache
def _reserved_keys() -> tuple[frozenset, frozenset]:
    keys = [name_keys(n) for n in RESERVED]
    return frozenset(k[0] for k in keys), frozenset(k[1] for k in keys)


def is_reserved(name: str) -> bool:
    """True when ``name`` is the same name (server/namekey.py ``same_name``: either key equal) as one of
    :data:`RESERVED`."""
    upper, lower = name_keys(name)
    reserved_upper, reserved_lower = _reserved_keys()
    return upper in reserved_upper or lower in reserved_lower
