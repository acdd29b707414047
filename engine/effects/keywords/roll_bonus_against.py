"""Die bonus against it (``roll_bonus_against``; 03-abilities.md §1.12 [422], card text): the attacking creatures of the
player who gave it add n to their die against it. Read by :func:`engine.rules.keywords.roll_mod` through this record's
``roll_mod``."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.model.state import GameState


def roll_mod(g: GameState, card, role, other, kind, mine) -> int:
    """+n for each copy ``other`` (the card attacked) acquired from ``card``'s controller, when ``card``
    attacks it (roles ``attack``, ``single``) [422]."""
    if role not in ("attack", "single") or other is None:
        return 0
    return sum(a.get("n", 1) for a in other.acquired if a.get("kw") == "roll_bonus_against"
               and (a.get("_until") or {}).get("player") == card.controller)


def text(a: dict, lang: str, words) -> str:
    """"the attacking creatures of the player who gave it add N ..." in ``lang``."""
    if lang == "en":
        return f"the attacking creatures of the player who gave it add {a['n']} to their die roll against it"
    return f"атакующие её существа давшего это игрока получают +{a['n']} к броску кубика"


ROLL_BONUS_AGAINST = register_keyword(Keyword(
    kw="roll_bonus_against", places="grant", rule="03 §1.12 [422] (a marker on the attacked card; card text)",
    text=text,
    fields={"n": "int!"}, roll_mod=roll_mod))
