"""More attacks per turn (``extra_attack``; 03-abilities.md §5 actions_per_turn [g-70, 219.4.a]): it may make its
``applies_to`` attack n times per turn. Its ``strikes_per_turn`` and ``distinct_targets`` hooks are asked by
:mod:`engine.rules.keywords` (the strike rules of engine/rules/combat.py)."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.kinds import kinds_match
from engine.effects.registry import register_keyword
from engine.rules import targets as tg
from engine.model.state import GameState


def strikes_per_turn(g: GameState, card, mine) -> int:
    """The greatest n (an amount, counted now) of the card's copies ``mine`` that cover simple strikes, at least 1
    [g-70, 219.4.a]."""
    return max([1] + [tg.amount(g, a.get("n", 1), {}, card) for a in mine
                      if kinds_match("simple_strike", a.get("applies_to"))])


def distinct_targets(g: GameState, card, mine) -> bool:
    """True when one of the card's copies ``mine`` has ``different_targets``."""
    return any(a.get("different_targets") for a in mine)


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
    strikes_per_turn=strikes_per_turn, distinct_targets=distinct_targets, short_form=short_form))
