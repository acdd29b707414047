"""More attacks per turn (``extra_attack``; 03-abilities.md §5 actions_per_turn [g-70, 219.4.a]): it may make its
``applies_to`` attack n times per turn. Its rule is read where combat asks for it (engine/rules/combat.py); this
module holds its schema and text."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def short_form(a: dict, place: str) -> None:
    """The card pool's form (Минотавр) names no attack: the simple strike (cards README ``extra_attack``)."""
    a.setdefault("applies_to", ["simple_strike"])
    a.pop("note", None)


def text(a: dict, lang: str, words) -> str:
    """"May make a <attack> N times per turn ..." in ``lang``."""
    en = lang == "en"
    kinds = words.kinds(a["applies_to"], lang)
    diff = ""
    if a.get("different_targets"):
        diff = ", each at a different card" if en else ", каждый раз по другой карте"
    if isinstance(a["n"], dict) and a["n"].get("per") == "struck_or_adjacent_enemies":
        return (f"May make a {kinds} at every enemy creature next to it, one after another{diff}; it closes only "
                f"after the last" if en else f"Может нанести {kinds} по каждому соседнему вражескому существу, "
                                             f"одно за другим{diff}; закрывается только после последнего")
    return (f"May make a {kinds} {a['n']} times per turn{diff}; it does not close after the first" if en
            else f"Может наносить {kinds} {a['n']} раза за ход{diff}; после первого не закрывается")


EXTRA_ATTACK = register_keyword(Keyword(
    kw="extra_attack", places="static grant", rule="03 §5 actions_per_turn [g-70, 219.4.a]", text=text,
    fields={"n": "amount!", "applies_to": "kinds!", "different_targets": "bool?"},
    short_form=short_form))
