"""Regeneration (регенерация, ``regeneration``; 03-abilities.md §4 [g-42]): heals n at its owner's turn start. Read by
:func:`engine.ops.passives.turn_start` through this record's ``at_turn_start``."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.ops import trigger_points
from engine.rules.grants import named_value
from engine.model.state import GameState



def at_turn_start(g: GameState, card, mine) -> None:
    """A wounded open creature of the active player: a pending trigger heals the greatest copy's n [g-42,
    414.4]."""
    if card.wounds > 0:
        trigger_points.add_base_trigger(g, card, "regeneration", {"kw": "heal", "n": named_value(mine),
                                                                  "target": "self"})


def text(a: dict, lang: str, words) -> str:
    """"Regeneration N" in ``lang`` (with ``stacks``: it adds to any it already has)."""
    extra = ""
    if a.get("stacks"):
        extra = " (adds to any it already has)" if lang == "en" else " (прибавляется к уже имеющемуся)"
    name = "Regeneration" if lang == "en" else "Регенерация"
    return f"{name} {a['n']}{extra}{words.conditions(a.get('condition'), lang)}"


REGENERATION = register_keyword(Keyword(
    kw="regeneration", places="static grant", rule="03 §4 regeneration [g-42]", text=text,
    fields={"n": "int!"}, at_turn_start=at_turn_start))
