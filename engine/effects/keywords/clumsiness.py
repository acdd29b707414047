"""Clumsiness (неповоротливость, ``clumsiness``; 03-abilities.md §4 [g-28]): n less on its die when it strikes or
answers a melee strike. Its rule is read where combat asks for it (engine/rules/keywords.py ``roll_mod``); this
module holds its schema and text."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"Clumsiness N (...)" in ``lang``."""
    n = a["n"]
    cond = words.conditions(a.get("condition"), lang)
    if lang == "en":
        return f"Clumsiness {n} (−{n} to its roll when it strikes or answers a melee strike)" + cond
    return f"Неповоротливость {n} (−{n} к броску, когда она бьёт или отвечает на удар)" + cond


CLUMSINESS = register_keyword(Keyword(
    kw="clumsiness", places="static grant", rule="03 §4 clumsiness [g-28]", text=text,
    fields={"n": "int!"}))
