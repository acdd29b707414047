"""Movement bonus (``move_bonus``; «+n к движению», 01-game-and-cards.md §3.4 [203.1], 03 §1.12): +n to the
card's movement allowance. Static or granted it is ``{"kw": "move_bonus", "n": n}``, read by
its ``move_mod`` hook (:func:`engine.rules.keywords.move_bonus`, asked by
:func:`engine.rules.declarable.move_left`); as an effect (inside a trigger, or ``and`` of another effect) the target
(default: this card) acquires it ``until`` the duration ends (absent: the rest of the battle). Several bonuses add
up (none of them is a named numbered keyword [414.4]).
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.basic import targets
from engine.effects.registry import register_keyword
from engine.ops import acquire
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """Every target (default: this card) acquires ``{"kw": "move_bonus", "n": n}`` until ``until``."""
    for t in targets(g, e, src, eff, "self"):
        acquire.grant(g, t, [{"kw": "move_bonus", "n": eff.get("n", 1), "stacks": True}],
                      eff.get("until", "end_of_battle"), e["controller"], src)


def move_mod(g: GameState, card, mine) -> int:
    """The movement allowance added by the card's copies ``mine``: the sum of their n [203.1]."""
    return sum(a.get("n", 0) for a in mine)


def text(a: dict, lang: str, words) -> str:
    """"+n movement [for <target>] [<until>]" in ``lang``."""
    t = a.get("target", "self")
    until = a.get("until")
    tail = f" {words.until(until, lang)}" if until and until != "end_of_battle" else ""
    if lang == "en":
        who = "" if t == "self" else f" for {words.target(t, lang)}"
        return f"+{a['n']} movement{who}{tail}"
    who = "" if t == "self" else f" для {words.target(t, lang, 2)}"
    return f"+{a['n']} к движению{who}{tail}"


MOVE_BONUS = register_keyword(Keyword(
    kw="move_bonus", places="static grant effect", rule="01 §3.4 [203.1]; 03 §1.12", text=text,
    fields={"n": "int!", "target": "target?", "until": "until?", "stacks": "bool?"}, handler=execute,
    move_mod=move_mod))
