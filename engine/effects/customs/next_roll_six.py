"""Its next die roll counts as 6 (Повелитель бездны, vs2023-168, card text; 02-battle.md §5): the card gets the
marker ``next_roll_six``; the next die rolled for it, in any roll (a fight, an attack's die, a dodge), is not
rolled but counts as 6 (:meth:`engine.model.state.GameState.roll`). Two such effects before a roll do not bank
two sixes (README §6.7: one marker)."""
from __future__ import annotations

from engine.cards.keywords import Custom, register_custom
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """Put the marker on the card (once; it is used by its next roll)."""
    if src is not None and g.in_play(src):
        src.markers["next_roll_six"] = 1
        g.emit("marker", card=src.id, marker="next_roll_six")


NEXT_ROLL_SIX = register_custom(Custom(handler="next_roll_six", rule="card text (Повелитель бездны); 02 §5",
                                       execute=execute))
