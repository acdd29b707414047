"""Armour (броня, ``armour``; 03-abilities.md §4 [g-05], §1.10 [420]): prevents n wounds of each attack. Its rule is
read where combat asks for it (engine/ops/damage.py, prevention); this module holds its schema and text."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"Armour N" in ``lang`` (with ``stacks``: it adds to any it already has)."""
    extra = ""
    if a.get("stacks"):
        extra = " (adds to any it already has)" if lang == "en" else " (прибавляется к уже имеющемуся)"
    name = "Armour" if lang == "en" else "Броня"
    return f"{name} {a['n']}{extra}{words.conditions(a.get('condition'), lang)}"


ARMOUR = register_keyword(Keyword(
    kw="armour", places="static grant", rule="03 §4 armour [g-05], §1.10 [420]", text=text,
    fields={"n": "int!"}))
