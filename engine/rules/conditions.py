"""Conditions of the card vocabulary (``{"p": name, ...}``; docs/card-vocabulary.md "Conditions").

:func:`holds` answers whether every condition of a list holds now; a condition the engine does not know fails
closed (the effect does not happen) so that an unimplemented rule never acts by accident. ``entry`` is the executing
entry or the triggering event's context (``{"point": event}``) when there is one.
"""
from __future__ import annotations

from engine.model.board import half, row_of
from engine.rules import targets as tg
from engine.rules.adjacency import adjacent_cards
from engine.rules.formation import in_formation


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
    point = entry.get("point") or {}
    if p == "second_player":
        return g.first is not None and source.owner != g.first
    if p == "in_row":
        return source.zone == "battlefield" and row_of(source.cell, source.controller) in c.get("rows", [])
    if p == "in_column":
        return source.zone == "battlefield" and bool(source.cell) and source.cell[0] in c.get("columns", [])
    if p == "not_defending":
        ex = g.executing
        return not (ex and ex.get("data", {}).get("defender") == source.id)
    if p == "moved_across":
        frm, to = point.get("frm"), point.get("to")
        if not frm or not to:
            return False
        own = source.controller
        if c.get("to") == "enemy_half":
            return half(frm) == own and half(to) != own
        return half(frm) != own and half(to) == own
    if p == "adjacent_to":
        return any(tg.match(g, source, o, c.get("filter")) for o in adjacent_cards(g, source))
    if p == "formation_with":
        return in_formation(g, source, c.get("filter"))
    if p == "target":
        cards = tg.resolve(g, dict(entry, controller=entry.get("controller", source.controller)), source,
                           "attacked")
        return bool(cards) and all(tg.match(g, source, t, c.get("filter")) for t in cards)
    return False
