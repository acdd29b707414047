"""Attack experience (опыт в атаке, ``attack_exp``; 03-abilities.md §4 [g-29]): +n to its die when it attacks. Read by
:func:`engine.rules.keywords.roll_mod` through this record's ``roll_mod``."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.rules.grants import named_value
from engine.rules.keywords import vs_ok
from engine.model.state import GameState


def roll_mod(g: GameState, card, role, other, kind, mine) -> int:
    """+n (the greatest copy [414.4]) when it initiates a simple strike (roles ``attack``, ``single``) against a
    target its ``vs`` allows [g-29]."""
    if role not in ("attack", "single"):
        return 0
    return named_value([a for a in mine if vs_ok(g, card, a, other)])


def short_form(a: dict, place: str) -> None:
    """Printed without a number, it is 1 (03 §4)."""
    a.setdefault("n", 1)


def text(a: dict, lang: str, words) -> str:
    """"Attack experience N" in ``lang`` (with ``stacks``: it adds to any it already has)."""
    extra = ""
    if a.get("stacks"):
        extra = " (adds to any it already has)" if lang == "en" else " (прибавляется к уже имеющемуся)"
    name = "Attack experience" if lang == "en" else "Опыт в атаке"
    return f"{name} {a['n']}{extra}{words.conditions(a.get('condition'), lang)}"


ATTACK_EXP = register_keyword(Keyword(
    kw="attack_exp", places="static grant", rule="03 §4 attack_exp [g-29]", text=text,
    fields={"n": "int!", "condition": "conditions?", "stacks": "bool?"}, roll_mod=roll_mod, short_form=short_form))
