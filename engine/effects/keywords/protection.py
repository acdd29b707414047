"""Protection (защита, ``protection``; 03-abilities.md §4 [g-17, 411]): attacks and effects of the kind ``from`` have no
effect on it. Its rule is read where combat asks for it (engine/rules/keywords.py ``protected``); this module holds
its schema and text."""
from __future__ import annotations

from engine.cards.vocab import PROTECTION_FROM
from engine.cards.words import PROT, idx
from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"Protection from <what>" in ``lang``."""
    return ("Protection from " if lang == "en" else "Защита от ") + PROT[a["from"]][idx(lang)]


PROTECTION = register_keyword(Keyword(
    kw="protection", places="static grant", rule="03 §4 protection [g-17, 411]", text=text,
    fields={"from": "enum!:" + "|".join(PROTECTION_FROM)}))
