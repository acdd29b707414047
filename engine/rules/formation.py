"""Formation (строй) [g-46]: whether a creature stands in formation now (a pure read)."""
from __future__ import annotations

from engine.model.board import orthogonal
from engine.rules import targets as tg


def _has_formation(g, card) -> bool:
    return any(a.get("kw") == "formation" for a in g.abilities(card))


def formation_group(g, card) -> list:
    """The other creatures of ``card``'s formation: every friendly formation creature reached from it through
    orthogonally adjacent formation creatures (a chain, [g-46]); [] when it stands in no formation."""
    if not in_formation(g, card):
        return []
    seen, todo = {card.id}, [card]
    while todo:
        c = todo.pop()
        for n in orthogonal(c.cell):
            o = g.cards.get(g.board.get(n) or "")
            if o is None or o.id in seen or o.controller != card.controller or not g.is_creature(o) or o.hidden:
                continue
            if _has_formation(g, o) and in_formation(g, o):
                seen.add(o.id)
                todo.append(o)
    return [g.cards[i] for i in sorted(seen - {card.id})]


def in_formation(g, card, partner=None) -> bool:
    """Formation (строй) [g-46]: a friendly creature with Formation on an orthogonally adjacent cell (matching the
    ``partner`` filters when given). Only creatures without a subtype on the battlefield."""
    if card.zone != "battlefield" or card.attached_to or not g.is_creature(card) or g.is_flyer(card):
        return False
    for n in orthogonal(card.cell):
        other = g.cards.get(g.board.get(n) or "")
        if other is None or other.controller != card.controller or not g.is_creature(other) or other.hidden:
            continue
        if _has_formation(g, other) and tg.match(g, card, other, partner):
            return True
    return False
