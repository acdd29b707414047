"""Reducing an attack to n (``reduce_attack_to_n``; «свести атаку к n», 03 §5 reduce_attack_to_n [g-90]): an
attack of the ``applies_to`` kinds (made by a card matching ``by``) that would deal more than ``n`` wounds to this
card deals ``n``: a replacement of the attack's value, applied before damage reductions and preventions. While
``condition`` holds (e.g. Морок: "while it is closed"). Static or granted; :func:`engine.rules.keywords.capped`
reads it in :func:`engine.ops.damage.wound`.
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.cards.kinds import kinds_match
from engine.rules.targets import match
from engine.model.state import GameState


def attack_cap(g: GameState, target, amount, kind, source, mine) -> int:
    """An attack of its ``applies_to`` kinds (made by a card matching ``by``) that would deal more than n deals n
    (a replacement of the attack's value, before reductions [g-90])."""
    for a in mine:
        if kinds_match(kind, a.get("applies_to")) and (not a.get("by") or (
                source is not None and match(g, target, source, a["by"]))):
            amount = min(amount, a.get("n", 1))
    return amount


def text(a: dict, lang: str, words) -> str:
    """"<kinds> against it deal at most n[ (by ...)][ (while ...)]" in ``lang``."""
    kinds = words.kinds(a["applies_to"], lang, 3)
    by = (f" by cards ({words.filters(a['by'], 'en')})" if lang == "en"
          else f" со стороны карт ({words.filters(a['by'], 'ru')})") if a.get("by") else ""
    cond = words.conditions(a.get("condition"), lang) if a.get("condition") else ""
    if lang == "en":
        return f"{kinds[0].upper() + kinds[1:]}{by} against it are reduced to {a['n']}{cond}"
    ru = words.kinds(a["applies_to"], "ru", 1)
    return f"{ru[0].upper() + ru[1:]}{by} по ней сводится к {a['n']}{cond}"


REDUCE_ATTACK_TO_N = register_keyword(Keyword(
    kw="reduce_attack_to_n", places="static grant", rule="03 §5 reduce_attack_to_n [g-90]", text=text,
    fields={"n": "int!", "applies_to": "kinds!", "by": "filters?", "condition": "conditions?"}, attack_cap=attack_cap))
