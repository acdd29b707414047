"""Victory and loss checked as base effects (01-game-and-cards.md §1.2, [102.3.a])."""
from __future__ import annotations

from typing import Final

from engine.model.enums import PRELIM_PHASES
from engine.ops import trigger_points
from engine.model.state import GameState


#: The preliminary phase's steps, as a set (a hashed look-up, not a scan comparing each).
_PRELIM: Final = frozenset(PRELIM_PHASES)


def creatures_of(g: GameState, player: int) -> int:
    """How many creatures ``player`` controls in the play zone (the no-creatures loss, [102.3.a])."""
    return sum(1 for c in g.play_cards() if c.controller == player and g.is_creature(c))


def check_loss(g: GameState) -> bool:
    """The base effect of [102.3.a]: with an empty queue, a player with no creature loses; both: a draw.

    Returns True when the game ended."""
    if g.phase in _PRELIM:
        return False
    n1 = n2 = 0
    for c in g.play_cards():  # creatures_of(g, 1) and creatures_of(g, 2) in one pass
        if g.is_creature(c):
            if c.controller == 1:
                n1 += 1
            elif c.controller == 2:
                n2 += 1
    if n1 and n2:
        return False
    if not n1 and not n2:
        g.set_result("draw", "no_creatures")
    else:
        g.set_result(2 if not n1 else 1, "no_creatures")
    trigger_points.clear_pending(g)
    return True
