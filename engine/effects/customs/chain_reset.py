"""The chain of actions a card reads starts again (Очи Кронга, vs2023-093, card text): after its trigger on a
completed chain (condition ``action_chain``, :mod:`engine.rules.conditions`), the actions counted so far are
used; the next chain counts only later actions (:func:`engine.model.history.cut_chain`)."""
from __future__ import annotations

from engine.cards.keywords import Custom, register_custom
from engine.model.history import cut_chain
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """Start the chain again after now."""
    if src is not None:
        cut_chain(g, src)


CHAIN_RESET = register_custom(Custom(handler="chain_reset", rule="card text (Очи Кронга)", execute=execute))
