"""Accuracy (меткость, ``ignores_forced_targeting``; 03-abilities.md §4 [g-50]): its ``applies_to`` attacks ignore
effects that force their target. Its rule is read where combat asks for it (engine/rules/combat.py); this module
holds its schema and text."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"Its <attack> ignores effects that force its target" in ``lang``."""
    kinds = words.kinds(a["applies_to"], lang)
    return f"Its {kinds} ignores effects that force its target" if lang == "en" else \
        f"Её {kinds} не подчиняется эффектам, навязывающим цель"


IGNORES_FORCED_TARGETING = register_keyword(Keyword(
    kw="ignores_forced_targeting", places="static grant", rule="03 §4 accuracy [g-50]", text=text,
    fields={"applies_to": "kinds!"}))
