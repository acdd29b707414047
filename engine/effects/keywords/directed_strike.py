"""Directed strike (направленный удар, ``directed_strike``; 03-abilities.md §4 [g-27]): no defender may be assigned
against its simple strike (at ``vs`` targets). Its rule is read where combat asks for it (engine/rules/keywords.py
``directed``); this module holds its schema and text."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"Directed strike [against cards (...)] [(conditions)]" in ``lang``."""
    return ("Directed strike" if lang == "en" else "Направленный удар") + words.vs(a, lang) + \
        words.conditions(a.get("condition"), lang)


DIRECTED_STRIKE = register_keyword(Keyword(
    kw="directed_strike", places="static grant", rule="03 §4 directed_strike [g-27]", text=text,
    fields={"vs": "filters?", "condition": "conditions?"}))
