"""Formation (строй) [g-46]: whether a creature stands in formation now (a pure read)."""
from __future__ import annotations

from engine.cards.keywords import carries
from engine.model.board import orthogonal
from engine.rules import targets as tg
from engine.model.state import GameState


def _has_formation(g: GameState, card) -> bool:
    """The card has Formation: an ability of a keyword with the named effect ``forms_formation``."""
    return carries(g.abilities(card), "forms_formation")


def formation_group(g: GameState, card) -> list:
    """The other creatures of ``card``'s formation (:func:`engine.rules.targets.formation_chain`) [g-46]."""
    return tg.formation_chain(g, card)


def in_formation(g: GameState, card, partner=None) -> bool:
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
