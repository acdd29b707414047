"""The computer opponent's level asked for in a request body (POST /api/rooms ``"bot"``, POST
/api/queue/{ticket}/bot ``"bot"``): one of ``bots.LEVELS``; ``random`` and the former name ``heuristic`` (=
``casual``) are accepted too, for tests and benches, and never offered."""
from __future__ import annotations

from bots import LEVELS, POLICIES

#: Names a body may give beyond the four levels (not offered to people).
HIDDEN = ("random", "heuristic")


class UnknownLevel(ValueError):
    """An unknown level: ``code`` "unknown_level", ``levels``; answered 400 ``{"error": "unknown_level", "message",
    "levels"}`` by server/player_texts.py ``refused`` (the sentence lists the levels)."""

    code = "unknown_level"
    levels = list(LEVELS)

    def __init__(self) -> None:
        super().__init__("unknown_level")


def parse_level(value, default: str) -> str:
    """``value`` as a level name (``default`` when absent: None). Raises :class:`UnknownLevel` for anything else:
    another string, a number, a list, an object."""
    if value is None:
        return default
    if isinstance(value, str) and value in POLICIES and (value in LEVELS or value in HIDDEN):
        return value
    raise UnknownLevel()

