"""Vampirism (вампиризм, ``vampirism``; 03-abilities.md §4 [g-06]): it heals the wounds it deals (less ``minus``). Read
by :func:`engine.ops.passives.struck` through this record's ``on_strike_wounds``."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.ops import trigger_points
from engine.rules.keywords import flagged
from engine.model.state import GameState



def on_strike_wounds(g: GameState, card, target, dealt, mine) -> None:
    """``card`` dealt ``dealt`` wounds with a simple strike (as attacker or responder) to a corporeal creature: a
    pending trigger heals it by that many less the greatest ``minus`` ("vampirism X-1", Вампир), the rest as
    additional life up to its life maximum [g-06]."""
    if not g.is_creature(target) or flagged(g, target, "bodiless"):
        return
    less = max([a.get("minus", 0) for a in mine] or [0])
    if dealt - less <= 0:
        return
    trigger_points.add_base_trigger(g, card, "vampirism", {"kw": "_vampirism", "n": dealt - less, "target": "self"})


def text(a: dict, lang: str, words) -> str:
    """"Vampirism" / "Vampirism for X−N (...)" in ``lang``."""
    m = a.get("minus")
    if m:
        return f"Vampirism for X−{m} (X = the wounds it deals)" if lang == "en" else \
            f"Вампиризм на X−{m} (X = нанесённые ею раны)"
    return "Vampirism" if lang == "en" else "Вампиризм"


VAMPIRISM = register_keyword(Keyword(
    kw="vampirism", places="static grant", rule="03 §4 vampirism [g-06]", text=text,
    fields={"minus": "int?"}, on_strike_wounds=on_strike_wounds))
