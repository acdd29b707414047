"""An activated ability's cost (оплата) as a frozen value: its parameters and its RU/EN text [SEED S4, 103.6].

The card data's ``cost`` object keeps its shape; :func:`cost_of` reads it into a :class:`Cost` once, when its card
definition loads (:mod:`engine.cards.typed` carries the value beside the object). What may be paid
now is :func:`engine.rules.declarable.can_pay`; paying it, :func:`engine.ops.costs.pay_cost`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cards.typed import register_parser
from engine.cards.words import tokens as tokens_text


@dataclass(frozen=True, slots=True)
class Cost:
    """The whole cost of an ability. ``tap``: closing the card; ``tokens``: an int, ``"X"`` (chosen when declared)
    or ``"all"``; ``wounds``: wounds the card takes; ``movement``: ``"all"`` spends all its movement; ``life``:
    ``"X"`` of its additional lives removed (or None)."""

    tap: bool = False
    tokens: Any = 0
    wounds: int = 0
    movement: Any = None
    life: Any = None

    def parts(self, lang: str) -> list[str]:
        """What is paid, one phrase each, in ``lang`` (``"ru"``/``"en"``), in the order the catalogue writes
        them: movement, closing, tokens, wounds, additional lives."""
        en = lang == "en"
        pay = []
        if self.movement == "all":
            pay.append("spend all movement" if en else "потратить всё движение")
        if self.tap:
            pay.append("close" if en else "закрыться")
        if self.tokens:
            pay.append(("spend " if en else "потратить ") + tokens_text(self.tokens, lang))
        if self.wounds:
            pay.append(f"take {self.wounds} wounds" if en else f"получить ран: {self.wounds}")
        if self.life:
            pay.append("remove X of its additional lives" if en else "снять с неё X дополнительных жизней")
        return pay


def cost_of(data: dict | None) -> Cost:
    """The :class:`Cost` of a card data ``cost`` object (``{"tap", "tokens", "wounds", "movement", "life"}``, any
    left out; None: nothing to pay)."""
    c = data or {}
    return Cost(tap=bool(c.get("tap")), tokens=c.get("tokens", 0) or 0, wounds=int(c.get("wounds", 0) or 0),
                movement=c.get("movement"), life=c.get("life"))


register_parser("cost", cost_of)
