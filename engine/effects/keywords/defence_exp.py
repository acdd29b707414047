"""Defence experience (опыт в защите, ``defence_exp``; 03-abilities.md §4 [g-30]): +n to its die when it answers. Read
by :func:`engine.rules.keywords.roll_mod` through this record's ``roll_mod``."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.rules import grants
from engine.rules.grants import named_value
from engine.rules.keywords import vs_ok
from engine.model.state import GameState


def roll_mod(g: GameState, card, role, other, kind, mine) -> int:
    """+n (the greatest copy [414.4]) when it answers in a fight (role ``defend``) an attacker its ``vs``
    allows [g-30]; its copies are the card's own, whoever attacks."""
    if role != "defend":
        return 0
    return named_value([a for a in grants.kws(g, card, "defence_exp") if vs_ok(g, card, a, other)])


def short_form(a: dict, place: str) -> None:
    """Printed without a number, it is 1 (03 §4)."""
    a.setdefault("n", 1)


def text(a: dict, lang: str, words) -> str:
    """"Defence experience N" in ``lang`` (with ``stacks``: it adds to any it already has)."""
    extra = ""
    if a.get("stacks"):
        extra = " (adds to any it already has)" if lang == "en" else " (прибавляется к уже имеющемуся)"
    name = "Defence experience" if lang == "en" else "Опыт в защите"
    return f"{name} {a['n']}{extra}{words.conditions(a.get('condition'), lang)}"


DEFENCE_EXP = register_keyword(Keyword(
    kw="defence_exp", places="static grant", rule="03 §4 defence_exp [g-30]", text=text,
    fields={"n": "int!", "condition": "conditions?"}, roll_mod=roll_mod, short_form=short_form))
