"""Accuracy (меткость, ``ignores_forced_targeting``; 03-abilities.md §4 [g-50]): its ``applies_to`` attacks ignore
effects that force their target. Its ``unforced`` hook is asked by :func:`engine.rules.keywords.unforced` (the
targeting rules of engine/rules/combat.py)."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.kinds import kinds_match
from engine.effects.registry import register_keyword
from engine.model.state import GameState


def unforced(g: GameState, card, kind: str, mine) -> bool:
    """True when one of the card's copies ``mine`` covers attacks of ``kind`` (its ``applies_to``) [g-50]."""
    return any(kinds_match(kind, a.get("applies_to")) for a in mine)


def text(a: dict, lang: str, words) -> str:
    """"Its <attack> ignores effects that force its target" in ``lang``."""
    kinds = words.kinds(a["applies_to"], lang)
    return f"Its {kinds} ignores effects that force its target" if lang == "en" else \
        f"Её {kinds} не подчиняется эффектам, навязывающим цель"


IGNORES_FORCED_TARGETING = register_keyword(Keyword(
    kw="ignores_forced_targeting", places="static grant", rule="03 §4 accuracy [g-50]", text=text,
    fields={"applies_to": "kinds!"}, unforced=unforced))
