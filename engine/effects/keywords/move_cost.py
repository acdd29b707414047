"""A cost added to declaring movement (``move_cost``): "moving makes it lose all its tokens" (Камнедрев). Tokens
spent by a game action are its payment, removed when it is declared [SEED S4; 01 §6.2 "spend all tokens"], so the
card loses them when its movement is declared, not after it moved. Written ``{"kw": "move_cost", "tokens": "all"}``;
:func:`engine.ops.costs.pay_move_costs` asks this record's ``move_cost`` hook."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.model.state import GameState


def pay(g: GameState, card, a: dict) -> None:
    """Remove all its tokens as the movement is declared."""
    if a.get("tokens") == "all" and card.tokens:
        g.emit("tokens_lost", card=card.id, n=card.tokens)
        card.tokens = 0


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    return "moving makes it lose all its tokens" if lang == "en" else "перемещаясь, теряет все фишки"


MOVE_COST = register_keyword(Keyword(kw="move_cost", places="static grant",
                                     rule="RULES.md S4 (payment at declaration); 01 §6.2 spend all tokens",
                                     text=text, fields={"tokens": "enum!:all"}, move_cost=pay))
