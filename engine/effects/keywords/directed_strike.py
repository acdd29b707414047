"""Directed strike (направленный удар, ``directed_strike``; 03-abilities.md §4 [g-27]): no defender may be assigned
against its simple strike (at ``vs`` targets). Read by :func:`engine.rules.keywords.directed` through this record's
hook."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.rules.keywords import vs_ok
from engine.model.state import GameState



def directs(g: GameState, card, target, mine) -> bool:
    """A copy whose ``vs`` allows ``target``: no defender may be assigned [g-27]."""
    return any(vs_ok(g, card, a, target) for a in mine)


def text(a: dict, lang: str, words) -> str:
    """"Directed strike [against cards (...)] [(conditions)]" in ``lang``."""
    return ("Directed strike" if lang == "en" else "Направленный удар") + words.vs(a, lang) + \
        words.conditions(a.get("condition"), lang)


DIRECTED_STRIKE = register_keyword(Keyword(
    kw="directed_strike", places="static grant", rule="03 §4 directed_strike [g-27]", text=text,
    fields={"vs": "filters?", "condition": "conditions?"}, directs=directs))
