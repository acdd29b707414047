"""Protection from attacks of one value (``value_protection``; «защита от немагических атак такой величины»,
Ревнитель Сеггера, card text; 03 §4 protection [411]): an attack of ``kinds`` whose value is exactly ``n`` (the
wounds it would deal before the holder's reductions and preventions) produces no effect on the holder; it is
still a legal target and the dice are rolled. A static or granted keyword: read by
:func:`engine.rules.keywords.protected` through this record's ``protects`` (with the value), asked by
:func:`engine.ops.damage.wound`."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.cards.kinds import kinds_match
from engine.model.state import GameState


def protects(g: GameState, target, kind, level, source, amount, mine) -> bool:
    """An attack of its ``kinds`` whose value is exactly ``n`` produces no effect on it (README §6.7 "of that
    size" = equal); nothing when the value is not known (``amount`` None)."""
    return amount is not None and any(a.get("n") == amount and kinds_match(kind, a.get("kinds")) for a in mine)


def text(a: dict, lang: str, words) -> str:
    """"Protection from non-magical attacks of value 2" in ``lang``."""
    kinds = a.get("kinds") or []
    if lang == "en":
        what = "non-magical attacks" if kinds == ["nonmagical"] else "attacks (" + ", ".join(kinds) + ")"
        return f"Protection from {what} of value {a['n']}"
    what = "немагических атак" if kinds == ["nonmagical"] else "атак (" + ", ".join(kinds) + ")"
    return f"Защита от {what} величины {a['n']}"


VALUE_PROTECTION = register_keyword(Keyword(
    kw="value_protection", places="static grant", rule="none (card text); 03 §4 protection [411]", text=text,
    fields={"n": "int!", "kinds": "kinds!"}, protects=protects))
