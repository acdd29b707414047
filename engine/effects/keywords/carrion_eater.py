"""Corpse-eating (трупоедство, ``carrion_eater``; 03-abilities.md §4 [g-51]). Its rule is read where combat asks for it
(engine/ops/passives.py); this module holds its schema and text."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"Carrion eating" in ``lang``."""
    return "Carrion eating" if lang == "en" else "Трупоедство"


CARRION_EATER = register_keyword(Keyword(
    kw="carrion_eater", places="static grant", rule="03 §4 carrion_eater [g-51]", text=text,
    fields={}))
