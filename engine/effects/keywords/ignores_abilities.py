"""Ignoring the target's abilities (``ignores_abilities``; «игнорирует все особенности атакуемого существа», 03 §1.5
ignoring [408]): while its attack executes, the attacked card (the defender, if one took the strike over) is
treated as having no abilities at all: no protection, armour, reductions, experience, strike bonuses, nothing.
Printed (Етун: every attack it makes) or as the ``rider`` of one attack ability (Серый альв's 'fire arrow');
:func:`engine.rules.grants.ignored` reads its flag ``ignores_target_abilities``, so every rule that asks what the
card has sees nothing.
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """As a rider it does nothing when it executes: it acted while the attack was executing."""


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    if lang == "en":
        return "it ignores every ability of the attacked creature"
    return "игнорирует все особенности атакуемого существа"


IGNORES_ABILITIES = register_keyword(Keyword(
    kw="ignores_abilities", places="static grant effect", rule="03 §1.5 ignoring [408]", text=text,
    fields={"which": "enum!:all"}, handler=execute,
    flags=frozenset({"ignores_target_abilities"})))
