"""Curse (Проклятье) [g-39], 03 §4 ``curse``: a static modifier, −1 to every die roll of this card. "Curse"
grants it, and a card carrying the marker ``curse`` has it too (03 §5 marker names). Read by
:func:`engine.rules.keywords.roll_mod` through this record's ``roll_mod``. Written ``{"kw": "curse"}``."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.model.state import GameState


def roll_mod(g: GameState, card, role, other, kind, mine) -> int:
    """−1 to each of its rolls [g-39]; several copies count once [414.4]."""
    return -1 if mine or card.markers.get("curse") else 0


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    return "curse: −1 to each of its die rolls" if lang == "en" else "проклятье: −1 к каждому его броску кубика"


CURSE = register_keyword(Keyword(kw="curse", places="static grant", rule="03 §4 curse [g-39]", text=text,
                                 roll_mod=roll_mod, marker="curse"))
