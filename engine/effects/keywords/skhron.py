"""Cache (схрон, ``skhron``; 03-abilities.md §4 [g-47]): flyers cannot choose it as the first target of an attack. Its
flag ``unreachable_by_flyers`` is asked by engine/rules/combat.py."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"Cache (Схрон): flyers cannot choose it as the first target of an attack" in ``lang``."""
    return "Cache (Схрон): flyers cannot choose it as the first target of an attack" if lang == "en" else "Схрон: летающие существа не могут выбрать её первоначальной целью атаки"


SKHRON = register_keyword(Keyword(
    kw="skhron", places="static grant", rule="03 §4 skhron [g-47]", text=text,
    fields={}, flags=frozenset({"unreachable_by_flyers"})))
