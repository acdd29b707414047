"""Ignores protection (``ignores_protection``; 03-abilities.md §1.5 [408], [411.4.a]): the target's protection ``from``
does not apply to it. Its rule is read where combat asks for it (engine/rules/keywords.py ``protected``); this module
holds its schema and text."""
from __future__ import annotations

from engine.cards.vocab import PROTECTION_FROM
from engine.cards.words import PROT, idx
from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"Ignores the target's protection from <what>" in ``lang``."""
    head = "Ignores the target's protection from " if lang == "en" else "Игнорирует у цели защиту от "
    return head + PROT[a["from"]][idx(lang)]


IGNORES_PROTECTION = register_keyword(Keyword(
    kw="ignores_protection", places="static grant", rule="03 §1.5 [408], [411.4.a]", text=text,
    fields={"from": "enum!:" + "|".join(PROTECTION_FROM)}))
