"""Drawing ranged attacks (``ranged_taunt``; «вражеские карты могут направлять выстрелы только на ...», 03 §3
targeting; force_attack [g-82]): while its ``condition`` holds, the other side's cards may declare the listed
ranged attacks (``attacks``: ``shot``, ``throw``, ``discharge``) only at this card (or at one of several such
cards); with ``ignores_range`` they reach it whatever their range. An attack that ignores forced targeting
(``ignores_forced_targeting``) is not bound. Static or granted; its ``draws_attacks`` hook is asked by
:func:`engine.rules.keywords.draws_attacks` (:func:`engine.rules.combat.ranged_taunts`: the targeting and the
reach of attack abilities).
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.kinds import kinds_match
from engine.effects.registry import register_keyword
from engine.model.state import GameState


def draws_attacks(g: GameState, card, kind: str, mine) -> bool | None:
    """None when none of the card's copies ``mine`` lists attacks of ``kind``, else whether one of those that do
    has ``ignores_range`` [g-82]."""
    out = None
    for a in mine:
        if kinds_match(kind, a.get("attacks")):
            out = bool(out) or bool(a.get("ignores_range"))
    return out


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
    fields={"attacks": "kinds!", "condition": "conditions?", "ignores_range": "bool?"},
    draws_attacks=draws_attacks))
