"""Flyer taunt (``flyer_taunt``; card text, related 03-abilities.md §5 force_attack [g-82]): enemy flyers may attack
only this card. Its flag ``taunts_flyers`` is asked by engine/rules/combat.py."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"Enemy flyers may attack only this card" in ``lang``."""
    if lang == "en":
        return "Enemy flyers may attack only this card"
    return "Вражеские летающие существа могут атаковать только эту карту"


FLYER_TAUNT = register_keyword(Keyword(
    kw="flyer_taunt", places="static grant", rule="none (card text) ; related 03 §5 force_attack [g-82]", text=text,
    fields={}, flags=frozenset({"taunts_flyers"})))
