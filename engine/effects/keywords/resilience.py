"""Resilience (Стойкость) [g-44], 03 §4 ``resilience``: static; this card receives no wounds from influences
(nonmagical non-attacks, the vocabulary's ``wound`` effect) dealt by an opposing card. Attacks, spells, poisoning
and "wound self" still wound it [g-89]. Read by :func:`engine.rules.keywords.reduce` through ``wound_mod``.
Written ``{"kw": "resilience"}``."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.model.state import GameState


def wound_mod(g: GameState, target, amount, kind, level, source, mine) -> int:
    """0 wounds from an opposing card's influence [g-44]."""
    if kind == "wound" and source is not None and source.controller != target.controller:
        return 0
    return amount


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    return ("resilience: takes no wounds from enemy influences" if lang == "en"
            else "стойкость: не получает ран от воздействий вражеских карт")


RESILIENCE = register_keyword(Keyword(kw="resilience", places="static grant", rule="03 §4 resilience [g-44]",
                                      text=text, wound_mod=wound_mod))
