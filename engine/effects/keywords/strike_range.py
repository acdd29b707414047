"""Simple strike at range (``strike_range``; «может наносить простой удар на дальность 2», Страж чертогов): its
simple strike may be declared at a card on the battlefield up to ``range`` cells away, range counted as for ranged
attacks (Chebyshev, 03 §3.2 [g-11]; whatever stands between, ../shared/cards/README.md §6.7). The strike is still
a simple strike (a fight, the defender rules). Static or granted; its ``strike_reach`` hook is asked by
:func:`engine.rules.keywords.strike_reach` (:func:`engine.rules.combat.strike_range`).
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.model.state import GameState


def strike_reach(g: GameState, card, mine) -> int:
    """The greatest ``range`` of the card's copies ``mine`` [g-11]."""
    return max(a.get("range", 1) for a in mine)


def text(a: dict, lang: str, words=None) -> str:
    """"It may make simple strikes at range N" in ``lang``."""
    if lang == "en":
        return f"It may make simple strikes at cards up to range {a['range']}"
    return f"Может наносить простые удары по картам на дальность до {a['range']}"


STRIKE_RANGE = register_keyword(Keyword(
    kw="strike_range", places="static grant", rule="03 §3.2 range [g-11]; 02 §4.1", text=text,
    fields={"range": "int!"}, strike_reach=strike_reach))
