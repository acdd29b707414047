"""Uniqueness (Уникальность) [g-54], 03 §4 ``uniqueness``: a unique card (the card flag ``unique`` or the keyword
``uniqueness``) cannot be brought into a squad that already has a card of the same name, whichever way it would
come: recruitment (engine/effects/keywords/uniqueness.py), resurrection, summoning, taking control, incarnation
[g-63]. The engine has no take-control effect yet; the other ways ask :func:`may_join`."""
from __future__ import annotations

from engine.cards.keywords import carries


def is_unique(g, card) -> bool:
    """True when ``card``'s definition is unique (flag ``unique``, or an ability of a keyword with the
    named effect ``unique``) [g-54]."""
    d = g.defn(card)
    return bool(d.get("unique")) or carries(d.get("abilities") or [], "unique")


def may_join(g, card, p: int) -> bool:
    """May ``card`` be brought into player ``p``'s squad (the cards ``p`` controls in the play zone)? False only
    for a unique card while that squad holds another card of its name [g-54, g-63]."""
    if not is_unique(g, card):
        return True
    name = g.defn(card).get("name_ru")
    return not any(c is not card and c.controller == p and g.defn(c).get("name_ru") == name
                   for c in g.play_cards())
