"""Conditions of the card vocabulary (``{"p": name, ...}``; docs/card-vocabulary.md "Conditions").

:func:`holds` answers whether every condition of a list holds now; a condition the engine does not know fails
closed (the effect does not happen) so that an unimplemented rule never acts by accident.
"""
from __future__ import annotations

from .board import row_of


def holds(g, source, conds, entry: dict | None = None) -> bool:
    """True when every condition in ``conds`` holds for ``source`` now."""
    for c in conds or []:
        if not _one(g, source, c, entry or {}):
            return False
    return True


def _one(g, source, c, entry) -> bool:
    p = c.get("p")
    if source is None:
        return False
    if p == "second_player":
        return source.controller != g.first
    if p == "in_row":
        return source.zone == "battlefield" and row_of(source.cell, source.controller) in c.get("rows", [])
    if p == "in_column":
        return source.zone == "battlefield" and source.cell[0] in c.get("columns", [])
    if p == "not_defending":
        ex = g.executing
        return not (ex and ex.get("data", {}).get("defender") == source.id)
    return False
