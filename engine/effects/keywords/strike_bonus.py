"""Strike bonus (``strike_bonus``; 03-abilities.md §1.12 [422]): +n to the listed strength ``values`` of its
``applies_to`` attacks against ``vs`` targets. Its rule is read where combat asks for it (engine/rules/keywords.py
``strike_mod``); this module holds its schema and text."""
from __future__ import annotations

from engine.cards.words import STRENGTH, and_
from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"+N to its <attacks> [(values only)] [against ...]" in ``lang``."""
    en = lang == "en"
    vals = ""
    if a["values"] != ["weak", "medium", "strong"]:
        vals = (" (" + and_([STRENGTH[v][0] for v in a["values"]], lang) + " value only)" if en
                else " (только " + and_([STRENGTH[v][1] for v in a["values"]], lang) + ")")
    n = words.amount(a["n"], lang)
    sign = "−" if isinstance(a["n"], int) and a["n"] < 0 else "+"
    n = n.lstrip("-")
    tail = f"{vals}{words.vs(a, lang)}{words.conditions(a.get('condition'), lang)}"
    if en:
        return f"{sign}{n} to its {words.kinds(a['applies_to'], lang)}{tail}"
    return f"{sign}{n} к {words.kinds(a['applies_to'], lang, 2)}{tail}"


STRIKE_BONUS = register_keyword(Keyword(
    kw="strike_bonus", places="static grant", rule="03 §1.12 [422]", text=text,
    fields={"n": "amount!", "applies_to": "kinds!", "values": "strengths!", "vs": "filters?",
            "condition": "conditions?", "stacks": "bool?"}))
