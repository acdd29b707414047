"""Clumsiness (неповоротливость, ``clumsiness``; 03-abilities.md §4 [g-28]): n less on its die when it strikes or
answers a melee strike. Read by :func:`engine.rules.keywords.roll_mod` through this record's
``roll_mod``."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.rules import grants
from engine.rules.grants import named_value
from engine.model.state import GameState


def roll_mod(g: GameState, card, role, other, kind, mine) -> int:
    """−n (the greatest copy [414.4]) when it initiates a simple strike, fought or not (roles ``attack``,
    ``single``: against a closed card the result is then clamped to 1..6, 01 §2.1 [104.2.a]), or answers a melee
    strike in a fight (role ``defend``) [g-28]; its copies are the card's own, whoever it fights."""
    if role not in ("attack", "single", "defend"):
        return 0
    return -named_value(grants.kws(g, card, "clumsiness"))


def short_form(a: dict, place: str) -> None:
    """Printed without a number, it is 1 (03 §4)."""
    a.setdefault("n", 1)


def text(a: dict, lang: str, words) -> str:
    """"Clumsiness N (...)" in ``lang``."""
    n = a["n"]
    cond = words.conditions(a.get("condition"), lang)
    if lang == "en":
        return f"Clumsiness {n} (−{n} to its roll when it strikes or answers a melee strike)" + cond
    return f"Неповоротливость {n} (−{n} к броску, когда она бьёт или отвечает на удар)" + cond


CLUMSINESS = register_keyword(Keyword(
    kw="clumsiness", places="static grant", rule="03 §4 clumsiness [g-28]", text=text,
    fields={"n": "int!"}, roll_mod=roll_mod, short_form=short_form))
