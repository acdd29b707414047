"""Attack restriction (``attack_restriction``; 01-game-and-cards.md §3.6 [205], card text [103.1]): its ``applies_to``
attacks may target only ``only_vs`` cards. Its ``target_limits`` hook is asked by
:func:`engine.rules.keywords.target_limits` (the targeting rules of engine/rules/combat.py)."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.kinds import kinds_match
from engine.effects.registry import register_keyword
from engine.model.state import GameState


def target_limits(g: GameState, card, kind: str, mine) -> list:
    """The ``only_vs`` filter lists of the card's copies ``mine`` whose ``applies_to`` covers ``kind`` [205]."""
    return [a.get("only_vs") for a in mine if kinds_match(kind, a.get("applies_to"))]


def text(a: dict, lang: str, words) -> str:
    """"Its <attack> may target only ..." in ``lang``."""
    kinds, who = words.kinds(a["applies_to"], lang), words.cards(a["only_vs"], lang)
    if lang == "en":
        return f"Its {kinds} may target only {who}"
    return f"Её {kinds} может быть направлен только на одну из {who}"


ATTACK_RESTRICTION = register_keyword(Keyword(
    kw="attack_restriction", places="static grant", rule="01 §3.6 [205]; card text [103.1]", text=text,
    fields={"applies_to": "kinds!", "only_vs": "filters!"}, target_limits=target_limits))
