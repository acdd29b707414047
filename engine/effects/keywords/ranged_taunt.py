"""Drawing ranged attacks (``ranged_taunt``; «вражеские карты могут направлять выстрелы только на ...», 03 §3
targeting; force_attack [g-82]): while its ``condition`` holds, the other side's cards may declare the listed
ranged attacks (``attacks``: ``shot``, ``throw``, ``discharge``) only at this card (or at one of several such
cards); with ``ignores_range`` they reach it whatever their range. An attack that ignores forced targeting
(``ignores_forced_targeting``) is not bound. Static or granted; :func:`engine.rules.combat.ranged_taunts` reads it
(the targeting and the reach of attack abilities, :mod:`engine.rules.combat`).
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"Enemy cards may aim <attacks> only at this card[, whatever their range][ (while ...)]" in ``lang``."""
    kinds = words.kinds(a["attacks"], lang, 3 if lang == "en" else 1)
    cond = words.conditions(a.get("condition"), lang) if a.get("condition") else ""
    if lang == "en":
        rng = ", whatever their range" if a.get("ignores_range") else ""
        return f"Enemy cards may aim {kinds} only at this card{rng}{cond}"
    rng = ", независимо от дальности" if a.get("ignores_range") else ""
    return f"Вражеские карты могут направлять {kinds} только на эту карту{rng}{cond}"


RANGED_TAUNT = register_keyword(Keyword(
    kw="ranged_taunt", places="static grant", rule="03 §3 targeting; 03 §5 force_attack [g-82]", text=text,
    fields={"attacks": "kinds!", "condition": "conditions?", "ignores_range": "bool?"}))
