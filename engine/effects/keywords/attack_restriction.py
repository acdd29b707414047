"""Attack restriction (``attack_restriction``; 01-game-and-cards.md §3.6 [205], card text [103.1]): its ``applies_to``
attacks may target only ``only_vs`` cards. Its rule is read where combat asks for it (engine/rules/combat.py); this
module holds its schema and text."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"Its <attack> may target only ..." in ``lang``."""
    kinds, who = words.kinds(a["applies_to"], lang), words.cards(a["only_vs"], lang)
    if lang == "en":
        return f"Its {kinds} may target only {who}"
    return f"Её {kinds} может быть направлен только на одну из {who}"


ATTACK_RESTRICTION = register_keyword(Keyword(
    kw="attack_restriction", places="static grant", rule="01 §3.6 [205]; card text [103.1]", text=text,
    fields={"applies_to": "kinds!", "only_vs": "filters!"}))
