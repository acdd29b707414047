"""First strike (первый удар, ``first_strike``; 02-battle.md §4.5 [PROPOSAL], 03-abilities.md §4.1): its blow lands
first in a fight. Read by engine/rules/keywords.py ``first_strike``; this module holds its schema and text."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"First strike (its blow lands first in a fight)" in ``lang``."""
    return "First strike (its blow lands first in a fight)" if lang == "en" else \
        "Первый удар (её удар в схватке наносится первым)"


FIRST_STRIKE = register_keyword(Keyword(
    kw="first_strike", places="static grant", rule="02 §4.5 [PROPOSAL]; 03 §4.1", text=text))
