"""Victory and loss checked as base effects (01-game-and-cards.md §1.2, [102.3.a])."""
from __future__ import annotations

from engine.ops import trigger_points
from engine.procedure.prelim import PRELIM


def creatures_of(g, player: int) -> int:
    """How many creatures ``player`` controls in the play zone (the no-creatures loss, [102.3.a])."""
    return sum(1 for c in g.play_cards() if c.controller == player and g.is_creature(c))


def check_loss(g) -> bool:
    """The base effect of [102.3.a]: with an empty queue, a player with no creature loses; both: a draw.

    Returns True when the game ended."""
    if g.phase in PRELIM:
        return False
    n1, n2 = creatures_of(g, 1), creatures_of(g, 2)
    if n1 and n2:
        return False
    if not n1 and not n2:
        g.set_result("draw", "no_creatures")
    else:
        g.set_result(2 if not n1 else 1, "no_creatures")
    trigger_points.clear_pending(g)
    return True
