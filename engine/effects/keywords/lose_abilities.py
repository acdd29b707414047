"""Losing abilities (``lose_abilities``; «теряет все особенности», 03-abilities.md §1.5 [407.3-407.5]): the
target loses all its printed abilities ``until`` the duration ends (``source_leaves``: for as long as the card
that made it lose them stays in play). What it acquired stays, and so do abilities it acquires later [407.4];
its printed properties (life, strike, movement, being a flyer) are no abilities and stay.

The state ``_lost_abilities`` is read by :meth:`engine.model.state.GameState.abilities`: each printed ability
reads as no keyword at all, indices unchanged, so every rule that asks what a card has (static keywords,
triggers, activated abilities, the implicit accumulation) sees nothing printed. Forms: activated (Король-жрец,
«потеря памяти») and effect (inside a trigger, ../shared/cards/README.md §6.5).
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.vocab import ACTIVATED_FIELDS, NAMED_FIELDS
from engine.effects.basic import targets
from engine.effects.registry import register_keyword
from engine.ops import acquire
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """Every target (a spell skips cards protected from spells [411]) acquires the state ``_lost_abilities``
    until ``until`` (default: the end of the battle)."""
    for t in targets(g, e, src, eff, "self"):
        acquire.grant(g, t, [{"kw": "_lost_abilities", "which": eff.get("which", "all")}],
                      eff.get("until", "end_of_battle"), e["controller"], src)


def text(a: dict, lang: str, words) -> str:
    """"<target> loses all its abilities <until>" in ``lang``."""
    t = a.get("target", "self")
    until = a.get("until", "end_of_battle")
    if lang == "en":
        who = "it" if t == "self" else words.target(t, lang)
        return f"{who} loses all its abilities (not those it acquired) {words.until(until, lang)}"
    who = "она" if t == "self" else words.target(t, lang)
    return f"{who} теряет все свои особенности (кроме приобретённых) {words.until(until, lang)}"


LOSE_ABILITIES = register_keyword(Keyword(
    kw="lose_abilities", places="activated effect", rule="03 §1.5 [407.3-407.5]", text=text,
    fields={"target": "target!", "which": "enum!:all", "until": "until?", **NAMED_FIELDS, **ACTIVATED_FIELDS},
    handler=execute, needs_target=True))
