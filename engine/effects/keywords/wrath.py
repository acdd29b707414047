"""Wrath (Гнев) [g-10], 03 §4 ``wrath``: a static modifier, +1 to its simple strike against a card that received
wounds from attacks earlier this turn. Written ``{"kw": "wrath"}``; it stands for the vocabulary's
``strike_bonus`` against cards not ``unhurt_by_attacks_this_turn`` (its ``parts``,
:func:`engine.rules.keywords.strike_mod` applies it)."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def parts(card: dict, a: dict) -> list[dict]:
    """+1 to each strength of its simple strike against a card wounded by an attack this turn."""
    return [{"kw": "strike_bonus", "n": 1, "applies_to": ["simple_strike"], "values": ["weak", "medium", "strong"],
             "vs": [{"f": "not", "of": [{"f": "unhurt_by_attacks_this_turn"}]}]}]


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    if lang == "en":
        return "wrath: +1 to its simple strike against a card wounded by an attack this turn"
    return "гнев: +1 к простому удару по карте, получившей раны от атак в этом ходу"


WRATH = register_keyword(Keyword(kw="wrath", places="static grant", rule="03 §4 wrath [g-10]", text=text,
                                 parts=parts))
