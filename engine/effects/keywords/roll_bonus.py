"""Die bonus (``roll_bonus``; 03-abilities.md §1.12 [422]): +n to its die when it makes an attack of ``applies_to``
(against ``vs`` targets). Read by :func:`engine.rules.keywords.roll_mod` through this record's
``roll_mod``."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.cards.kinds import kinds_match
from engine.rules.keywords import vs_ok
from engine.model.state import GameState


def roll_mod(g: GameState, card, role, other, kind, mine) -> int:
    """+n for each copy whose ``applies_to`` covers the attack ``kind`` it makes (any role but ``defend``)
    against a target its ``vs`` allows [422]."""
    if role == "defend":
        return 0
    return sum(a.get("n", 1) for a in mine if kinds_match(kind, a.get("applies_to")) and vs_ok(g, card, a, other))


def text(a: dict, lang: str, words) -> str:
    """"+N to its die roll when it attacks / makes <attack>" in ``lang``."""
    vs = words.vs(a, lang)
    if a["applies_to"] == ["any_attack"]:
        return f"+{a['n']} to its die roll when it attacks{vs}" if lang == "en" else \
            f"+{a['n']} к броску кубика, когда она атакует{vs}"
    kinds = words.kinds(a["applies_to"], lang)
    return f"+{a['n']} to its die roll when it makes {kinds}{vs}" if lang == "en" else \
        f"+{a['n']} к броску кубика, когда она атакует ({kinds}){vs}"


ROLL_BONUS = register_keyword(Keyword(
    kw="roll_bonus", places="static grant", rule="03 §1.12 [422]", text=text,
    fields={"n": "int!", "applies_to": "kinds!", "vs": "filters?"}, roll_mod=roll_mod))
