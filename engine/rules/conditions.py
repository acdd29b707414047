"""Conditions of the card vocabulary (``{"p": name, ...}``; docs/card-vocabulary.md "Conditions").

:func:`holds` answers whether every condition of a list holds now; a condition the engine does not know fails
closed (the effect does not happen) so that an unimplemented rule never acts by accident. ``entry`` is the executing
entry or the triggering event's context (``{"point": event}``) when there is one.
"""
from __future__ import annotations

from engine.model.board import CELLS, half, neighbours, row_of
from engine.model.history import ranged_hits, steps
from engine.rules import targets as tg
from engine.rules.adjacency import adjacent_cards
from engine.rules.formation import formation_group, in_formation


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
    if p == "first_player":
        return g.first is not None and source.owner == g.first
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
    if p == "event_attacker":  # the card whose attack caused the event ("by"), wherever it is now
        by = g.cards.get(point.get("by") or "")
        return by is not None and tg.match(g, source, by, c.get("filter"))
    if p == "friendly_in_play":  # "if you have a Steppe creature": another creature of its side in play
        return any(o is not source and o.controller == source.controller and g.is_creature(o)
                   and tg.match(g, source, o, c.get("filter")) for o in g.play_cards())
    if p == "defending":  # it is the defender of the simple strike executing now
        ex = g.executing
        return bool(ex and ex.get("data", {}).get("defender") == source.id)
    if p == "is_closed":
        return source.closed
    if p == "opponent_row_empty":  # "while the opponent has no cards in his first row" (Скелос)
        foe = g.other(source.controller)
        return not any(g.cards[cid].controller == foe and row_of(cell, foe) == c["row"] for cell, cid in g.board.items())
    if p == "formation_size":  # "in formation with two or more creatures" (Страж чертогов)
        return len(formation_group(g, source)) >= c["at_least"]
    if p == "formation_with":
        return in_formation(g, source, c.get("filter"))
    if p == "target":
        cards = tg.resolve(g, dict(entry, controller=entry.get("controller", source.controller)), source,
                           "attacked")
        return bool(cards) and all(tg.match(g, source, t, c.get("filter")) for t in cards)
    if p == "event_card":  # the card of the triggering event, wherever it is now (a dead card included)
        ev = g.cards.get(point.get("card") or "")
        return ev is not None and tg.match(g, source, ev, c.get("filter"))
    if p == "unwounded":
        return source.wounds == 0
    if p in ("moved_straight", "moved_turning"):  # its own steps this turn: all one way / not all one way
        st = steps(g, source)
        straight = all(s == st[0] for s in st)
        return len(st) >= c["at_least"] and (straight if p == "moved_straight" else not straight)
    if p == "target_ranged_hits":  # shots/throws that wounded the attacked card earlier this turn (Мира)
        t = g.cards.get(point.get("card") or "")
        return t is not None and ranged_hits(g, t) - (1 if point.get("n") else 0) >= c["at_least"]
    if p == "opponent_turn":
        return g.active != source.controller
    if p == "died_of_poison":
        return point.get("type") == "died" and point.get("how") == "poison"
    if p == "arrived_adjacent":  # the moved card came from a cell not next to this card onto one next to it
        frm, to = point.get("frm"), point.get("to")
        if not frm or not to or source.zone != "battlefield" or point.get("card") == source.id:
            return False
        near = set(neighbours(source.cell))
        return to in near and frm not in near and frm != source.cell
    if p == "tokens_at_most":
        return source.tokens <= c["n"]
    if p == "tokens_at_least":
        return source.tokens >= c["n"]
    if p == "friendly_in_every_row":
        rows = {cell[1:] for cell in CELLS}
        mine = {g.cards[cid].cell[1:] for cid in g.board.values()
                if g.cards[cid].controller == source.controller and g.is_creature(g.cards[cid])}
        return rows <= mine
    if p in ("count_adjacent", "more_friends_adjacent", "adjacent_classes"):
        near = [o for o in adjacent_cards(g, source) if g.is_creature(o) and not o.hidden]
        if p == "count_adjacent":
            return sum(1 for o in near if tg.match(g, source, o, c.get("filter"))) >= c["at_least"]
        if p == "more_friends_adjacent":
            friends = sum(1 for o in near if o.controller == source.controller)
            return friends > len(near) - friends
        classes = {k for o in near for k in (g.defn(o).get("classes") or [])}
        return len(classes) >= c["at_least"]
    return False
