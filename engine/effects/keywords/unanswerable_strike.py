"""Unanswered strike (безответный удар, ``unanswerable_strike``; 03-abilities.md §4 [g-02]): no fight, no retaliation,
no defender against ``vs`` targets. Read by :func:`engine.rules.keywords.unanswered` through this record's hook."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.rules.keywords import vs_ok
from engine.model.state import GameState



def unanswers(g: GameState, card, target, mine) -> bool:
    """A copy whose ``vs`` allows ``target``: no fight, no retaliation, no defender [g-02]."""
    return any(vs_ok(g, card, a, target) for a in mine)


def text(a: dict, lang: str, words) -> str:
    """"Unanswered strike [against ...]" in ``lang``."""
    return ("Unanswered strike" if lang == "en" else "Безответный удар") + words.vs(a, lang)


UNANSWERABLE_STRIKE = register_keyword(Keyword(
    kw="unanswerable_strike", places="static grant", rule="03 §4 unanswerable_strike [g-02]", text=text,
    fields={"vs": "filters?"}, unanswers=unanswers))
