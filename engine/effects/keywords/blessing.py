"""Blessing (Благословление) [g-04], 03 §4 ``blessing``: a static modifier, +1 to every die roll of this card.
"Bless" grants it, and a card carrying the marker ``blessing`` has it too (03 §5 marker names). Read by
:func:`engine.rules.keywords.roll_mod` through this record's ``roll_mod``. Written ``{"kw": "blessing"}``."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.model.state import GameState


def roll_mod(g: GameState, card, role, other, kind, mine) -> int:
    """+1 to each of its rolls, whatever the attack or role [g-04]; several copies count once [414.4]."""
    return 1 if mine or card.markers.get("blessing") else 0


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    return "blessing: +1 to each of its die rolls" if lang == "en" else "благословление: +1 к каждому его броску кубика"


BLESSING = register_keyword(Keyword(kw="blessing", places="static grant", rule="03 §4 blessing [g-04]", text=text,
                                    roll_mod=roll_mod, marker="blessing"))
