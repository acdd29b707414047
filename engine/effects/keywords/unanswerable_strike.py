"""Unanswered strike (безответный удар, ``unanswerable_strike``; 03-abilities.md §4 [g-02]): no fight, no retaliation,
no defender against ``vs`` targets. Its rule is read where combat asks for it (engine/rules/keywords.py
``unanswered``); this module holds its schema and text."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"Unanswered strike [against ...]" in ``lang``."""
    return ("Unanswered strike" if lang == "en" else "Безответный удар") + words.vs(a, lang)


UNANSWERABLE_STRIKE = register_keyword(Keyword(
    kw="unanswerable_strike", places="static grant", rule="03 §4 unanswerable_strike [g-02]", text=text,
    fields={"vs": "filters?"}))
