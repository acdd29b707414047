"""Range bonus (``range_bonus``; 03-abilities.md §3.2 [g-11], §1.12): +n range for its ``applies_to`` attacks. Read by
:func:`engine.rules.keywords.range_bonus` through this record's hook."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.cards.kinds import kinds_match
from engine.model.state import GameState



def range_mod(g: GameState, card, kind, mine) -> int:
    """+n range for each copy whose ``applies_to`` covers the attack ``kind`` [g-11]."""
    return sum(a.get("n", 1) for a in mine if kinds_match(kind, a.get("applies_to")))


def text(a: dict, lang: str, words) -> str:
    """"+N to the range of its <attacks>" in ``lang``."""
    kinds = words.kinds(a["applies_to"], lang)
    return f"+{a['n']} to the range of its {kinds}" if lang == "en" else f"+{a['n']} к дальности: {kinds}"


RANGE_BONUS = register_keyword(Keyword(
    kw="range_bonus", places="static grant", rule="03 §3.2 [g-11], §1.12", text=text,
    fields={"n": "int!", "applies_to": "kinds!"}, range_mod=range_mod))
