"""Attack experience (опыт в атаке, ``attack_exp``; 03-abilities.md §4 [g-29]): +n to its die when it attacks. Its rule
is read where combat asks for it (engine/rules/keywords.py ``roll_mod``); this module holds its schema and text."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"Attack experience N" in ``lang`` (with ``stacks``: it adds to any it already has)."""
    extra = ""
    if a.get("stacks"):
        extra = " (adds to any it already has)" if lang == "en" else " (прибавляется к уже имеющемуся)"
    name = "Attack experience" if lang == "en" else "Опыт в атаке"
    return f"{name} {a['n']}{extra}{words.conditions(a.get('condition'), lang)}"


ATTACK_EXP = register_keyword(Keyword(
    kw="attack_exp", places="static grant", rule="03 §4 attack_exp [g-29]", text=text,
    fields={"n": "int!", "condition": "conditions?", "stacks": "bool?"}))
