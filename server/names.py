"""Display names of players: one validation used by every endpoint that accepts a name.

A name is what other people read on the board, in the lobby and in the chat, so it is normalized and bounded here
and escaped wherever it is shown (the browser inserts it as text, never as HTML). Whether a name is free (unique up
to case, compatibility forms and confusable letters) is server/namekey.py's business.
"""
from __future__ import annotations

import unicodedata

from .namekey import BAD_CATEGORIES, INVISIBLE, printable

NAME_MAX = 24          # characters (after normalization)


class BadName(ValueError):
    """A refused name; ``code`` is ``bad_name``, ``str(e)`` the English sentence, ``text(lang)`` the sentence in
    ``lang`` ("ru" | "en")."""

    code = "bad_name"

    def __init__(self, en: str, ru: str | None = None) -> None:
        super().__init__(en)
        self.ru = ru or en

    def text(self, lang: str) -> str:
        return self.ru if lang == "ru" else str(self)


def clean_name(raw) -> str:
    """The display name to keep for ``raw``: NFC-normalized, surrounding spaces removed, inner runs of spaces
    collapsed to one. Raises BadName when ``raw`` is not a string, is empty, is longer than NAME_MAX characters,
    holds a control, format, unassigned or invisible character (INVISIBLE), or has no visible character at all
    (only spaces or combining marks)."""
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
    return name
