"""An ability's limit (ограничение: "once per turn", "twice per battle") as a frozen value [SEED S4, QX10].

The card data's ``limit`` object (``{"per": "turn"|"battle", "times"?, "group"?}``) keeps its shape; :func:`limit_of`
reads it into a :class:`Limit` once, when its card definition loads (:mod:`engine.cards.typed` carries the value
beside the object). How often it has been used is counted in ``Card.used`` (:mod:`engine.cards.abilities`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cards.typed import register_parser


@dataclass(frozen=True, slots=True)
class Limit:
    """How often an ability may be used: ``times`` per ``per`` (``"turn"`` or ``"battle"``); abilities that name
    one ``group`` share their count."""

    per: str | None = None
    times: int = 1
    group: str | None = None

    def key(self, index: int | str) -> str:
        """The key under which the uses of the ability at ``index`` are counted in ``Card.used``: ``"g:GROUP"``
        for a group, else the index as a string."""
        return f"g:{self.group}" if self.group else str(index)


def limit_of(data: Any) -> Limit | None:
    """The :class:`Limit` of a card data ``limit`` object; None for no limit (None or not an object)."""
    if not isinstance(data, dict):
        return None
    return Limit(data.get("per"), data.get("times", 1), data.get("group") or None)


register_parser("limit", limit_of)
