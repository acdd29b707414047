"""Armour (броня, ``armour``; 03-abilities.md §4 [g-05], §1.10 [420]): prevents n wounds of each attack. Read by
:func:`engine.ops.damage.prevent` through this record's ``prevent``."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.kinds import NONMAGICAL
from engine.effects.registry import register_keyword
from engine.rules.grants import named_value
from engine.model.state import GameState


def prevent(g: GameState, target, amount, kind, source, mine) -> int:
    """Armour stops the first n wounds from nonmagical attacks each turn, the greatest copy counting (n less the
    wounds it stopped this turn, kept in ``target.used["armour"]``, its ``turn_counter``) [g-05, 414.4]."""
    if kind not in NONMAGICAL:
        return amount
    left = named_value(mine) - target.used.get("armour", 0)
    stop = max(0, min(left, amount))
    if stop:
        target.used["armour"] = target.used.get("armour", 0) + stop
        amount -= stop
    return amount


def text(a: dict, lang: str, words) -> str:
    """"Armour N" in ``lang`` (with ``stacks``: it adds to any it already has)."""
    extra = ""
    if a.get("stacks"):
        extra = " (adds to any it already has)" if lang == "en" else " (прибавляется к уже имеющемуся)"
    name = "Armour" if lang == "en" else "Броня"
    return f"{name} {a['n']}{extra}{words.conditions(a.get('condition'), lang)}"


ARMOUR = register_keyword(Keyword(
    kw="armour", places="static grant", rule="03 §4 armour [g-05], §1.10 [420]", text=text,
    fields={"n": "int!"}, prevent=prevent, turn_counter="armour"))
