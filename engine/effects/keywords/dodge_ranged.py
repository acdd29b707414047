"""Dodge (``dodge_ranged``; card text, 03-abilities.md §5 reduce_attack_to_n [g-90]): when it is the target of an attack
of ``applies_to`` (not ``exclude``), a die on ``on_roll`` makes the attack do nothing. Read by
:func:`engine.rules.keywords.dodges` through this record's hook."""
from __future__ import annotations

from engine.cards.words import or_
from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.cards.kinds import kinds_match
from engine.model.state import GameState



def dodge(g: GameState, card, kind, mine) -> list[int] | None:
    """The die values of the first copy whose ``applies_to`` covers ``kind`` and whose ``exclude`` does not, or
    None."""
    for a in mine:
        if kinds_match(kind, a.get("applies_to")) and not kinds_match(kind, a.get("exclude") or ["__none__"]):
            return list(a.get("on_roll") or [])
    return None


def text(a: dict, lang: str, words) -> str:
    """"When it is the target of a <attack>, roll a die: on <rolls> the attack does nothing" in ``lang``."""
    rolls = or_([str(r) for r in a["on_roll"]], lang)
    kinds = words.kinds(a["applies_to"], lang)
    if not a.get("exclude"):
        return (f"When it is the target of a {kinds}, roll a die: on {rolls} the attack does nothing" if lang == "en"
                else f"Когда она цель атаки ({kinds}), бросается кубик: при {rolls} атака ничего не делает")
    ex = words.kinds(a["exclude"], lang)
    return (f"When it is the target of a {kinds} (not a {ex}), roll a die: on {rolls} the attack does nothing"
            if lang == "en" else f"Когда она цель атаки ({kinds}, кроме: {ex}), бросается кубик: при {rolls} атака "
                                 f"ничего не делает")


DODGE_RANGED = register_keyword(Keyword(
    kw="dodge_ranged", places="static grant", rule="none (card text); 03 §5 reduce_attack_to_n [g-90]", text=text,
    fields={"on_roll": "list_int!", "applies_to": "kinds!", "exclude": "kinds?"}, dodge=dodge))
