"""Die bonus against it (``roll_bonus_against``; 03-abilities.md §1.12 [422], card text): the attacking creatures of the
player who gave it add n to their die against it. Its rule is read where combat asks for it (engine/rules/keywords.py
``roll_mod``); this module holds its schema and text."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"the attacking creatures of the player who gave it add N ..." in ``lang``."""
    if lang == "en":
        return f"the attacking creatures of the player who gave it add {a['n']} to their die roll against it"
    return f"атакующие её существа давшего это игрока получают +{a['n']} к броску кубика"


ROLL_BONUS_AGAINST = register_keyword(Keyword(
    kw="roll_bonus_against", places="grant", rule="03 §1.12 [422] (a marker on the attacked card; card text)",
    text=text,
    fields={"n": "int!"}))
