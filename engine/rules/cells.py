"""Cells that count as occupied without a card on them (a pure read): a cell marker of :data:`OCCUPYING`
(Крондак's 'bonfire', «клетка с костром считается занятой»; engine/effects/keywords/mark.py puts cell markers as
``g.effects`` entries of kind ``cell_marker``). Movement, jumps, teleports and placements ask :func:`free`.
"""
from __future__ import annotations

from typing import Final

from engine.rules.keywords import flagged
from engine.model.state import GameState

#: Cell markers that make their cell count as occupied.
OCCUPYING: Final = frozenset({"bonfire"})


def free(g: GameState, cell: str) -> bool:
    """True when no card stands on ``cell`` and no occupying cell marker lies on it."""
    if cell in g.board:
        return False
    return not any(e.get("kind") == "cell_marker" and e.get("cell") == cell and e.get("marker") in OCCUPYING
                   for e in g.effects) if g.effects else True


def enters_occupied(g: GameState, card, cell: str) -> bool:
    """True when ``card`` may move into ``cell`` although a card holds it: it has a keyword with the named effect
    ``shares_cells`` (an incorporeal creature [g-03]; engine/ops/sharing.py)."""
    if cell not in g.board or g.board[cell] == card.id:
        return False
    return flagged(g, card, "shares_cells")
