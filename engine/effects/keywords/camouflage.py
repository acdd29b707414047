"""Camouflage (Маскировка) [g-24], 03 §4 ``camouflage``: a static prevention. While this card is closed it receives
no wounds from the first attack against it each turn; the attack still happens and triggers. The first attack of
the turn is used up whether the card was open or closed then (docs/rules-decisions.md). Influences, spells and
poisoning are not attacks. Applied by :func:`engine.ops.damage.prevent` through this record's ``prevent``, before
Armour: it is used up by the first attack whatever the order, so its controller puts it first [420.3.a]. Written
``{"kw": "camouflage"}``."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.keywords._named import NOT_ATTACKS
from engine.effects.registry import register_keyword
from engine.model.state import GameState


def prevent(g: GameState, target, amount, kind, source, mine) -> int:
    """0 wounds from the turn's first attack on it while closed; the first attack is spent either way."""
    if kind in NOT_ATTACKS or target.used.get("camouflage") == g.turn:
        return amount
    target.used["camouflage"] = g.turn
    return 0 if target.closed else amount


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    if lang == "en":
        return "camouflage: while closed, it takes no wounds from the first attack against it each turn"
    return "маскировка: закрытая, не получает ран от первой атаки по ней в каждом ходу"


CAMOUFLAGE = register_keyword(Keyword(kw="camouflage", places="static grant", rule="03 §4 camouflage [g-24]",
                                      text=text, prevent=prevent, flags=frozenset({"prevents_whole_attack"})))
