"""First strike (первый удар, ``first_strike``; 02-battle.md §4.5 [PROPOSAL], 03-abilities.md §4.1): its blow lands
first in a fight. Read by :func:`engine.rules.keywords.first_strike` through this record's ``strikes_first``."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.model.state import GameState


def strikes_first(g: GameState, card, mine) -> bool:
    """Its blow lands first in a fight (02-battle.md §4.5)."""
    return True


def text(a: dict, lang: str, words) -> str:
    """"First strike (its blow lands first in a fight)" in ``lang``."""
    return "First strike (its blow lands first in a fight)" if lang == "en" else \
        "Первый удар (её удар в схватке наносится первым)"


FIRST_STRIKE = register_keyword(Keyword(
    kw="first_strike", places="static grant", rule="02 §4.5 [PROPOSAL]; 03 §4.1", text=text, strikes_first=strikes_first))
