"""Discharge Experience X (Опыт в разряде) [g-33], 03 §4 ``discharge_exp``: a static modifier, +X (1 when printed without a number) to this card's
die roll when it attacks with a discharge; the greatest copy counts [414.4]. Read by
:func:`engine.rules.keywords.roll_mod` (role ``ranged``) through this record's ``roll_mod``. Written
``{"kw": "discharge_exp", "n": X}``."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.keywords._named import value, x_text
from engine.effects.registry import register_keyword


def roll_mod(g, card, role, other, kind, mine) -> int:
    """+X to the lone die of its discharge [g-33]; nothing for other rolls."""
    return value(mine) if role == "ranged" and kind == "discharge" else 0


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    n = a.get("n", 1)
    if lang == "en":
        return f"discharge experience{x_text(a)}: +{n} to its die roll for discharges"
    return f"опыт в разряде{x_text(a)}: +{n} к броску кубика (разряд)"


DISCHARGE_EXP = register_keyword(Keyword(kw="discharge_exp", places="static grant", rule="03 §4 discharge_exp [g-33]", text=text,
                                fields={"n": "pos?"}, roll_mod=roll_mod))
