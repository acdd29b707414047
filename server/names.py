"""Display names of players: one validation used by every endpoint that accepts a name.

A name is what other people read on the board, in the lobby and in the chat, so it is normalized and bounded here
and escaped wherever it is shown (the browser inserts it as text, never as HTML).
"""
from __future__ import annotations

import unicodedata

NAME_MAX = 24          # characters (after normalization)
# Unicode categories refused anywhere in a name: control (Cc), format (Cf: bidi overrides, zero-width characters),
# line/paragraph separators, surrogates, private use, unassigned.
BAD_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"})


class BadName(ValueError):
    """A refused name; ``code`` is ``bad_name``, ``str(e)`` the sentence for the person."""

    code = "bad_name"


def clean_name(raw) -> str:
    """The display name to keep for ``raw``: NFC-normalized, surrounding spaces removed, inner runs of spaces
    collapsed to one. Raises BadName when ``raw`` is not a string, is empty, is longer than NAME_MAX characters, or
    holds a control, format or unassigned character."""
    if not isinstance(raw, str):
        raise BadName("The name must be a string.")
    name = unicodedata.normalize("NFC", raw)
    if any(unicodedata.category(ch) in BAD_CATEGORIES for ch in name):
        raise BadName("The name may not contain control or invisible characters.")
    name = " ".join(name.split())
    if not name:
        raise BadName("The name may not be empty.")
    if len(name) > NAME_MAX:
        raise BadName(f"The name may be at most {NAME_MAX} characters long.")
    return name
