"""Fewer wounds (``damage_reduction``; 03-abilities.md §1.12 [422.4 group 4]): it takes n fewer wounds from the attacks
its selector ``from`` names. Read by :func:`engine.rules.keywords.reduce` through this record's ``wound_mod``."""
from __future__ import annotations

from engine.cards.words import STRENGTH, or_, plural_ru
from engine.cards.keywords import Keyword
from engine.cards.kinds import LEVELS, kinds_match
from engine.effects.registry import register_keyword
from engine.model.board import xy
from engine.rules import targets as tg
from engine.model.state import GameState


def _selector_ok(g: GameState, holder, sel: dict, kind: str, level, source) -> bool:
    if not kinds_match(kind, sel.get("kinds")):
        return False
    if sel.get("strength") and (level is None or LEVELS[level] not in sel["strength"]):
        return False
    if sel.get("by") and (source is None or not tg.match(g, holder, source, sel["by"])):
        return False
    if sel.get("diagonal"):
        if source is None or source.zone != "battlefield" or holder.zone != "battlefield":
            return False
        (a, b), (c, d) = xy(source.cell), xy(holder.cell)
        if abs(a - c) != 1 or abs(b - d) != 1:
            return False
    return True


def wound_mod(g: GameState, target, amount, kind, level, source, mine) -> int:
    """n fewer wounds for each copy whose selector ``from`` (kinds, strengths, ``by``, ``diagonal``) matches the
    attack (may go below 0; the caller floors the total) [422.4 group 4]."""
    for a in mine:
        if _selector_ok(g, target, a.get("from") or {}, kind, level, source):
            amount -= a.get("n", 1)
    return amount


def text(a: dict, lang: str, words) -> str:
    """"Takes N fewer wounds from <attacks>" in ``lang``."""
    sel, n = a["from"], a["n"]
    cond = words.conditions(a.get("condition"), lang)
    if lang == "en":
        what = (or_([STRENGTH[s][0] for s in sel["strength"]], lang) + " " if sel.get("strength") else "") \
            + words.kinds(sel["kinds"], lang, 3)
        if sel.get("by"):
            what += f" made by {words.cards(sel['by'], lang)}"
        if sel.get("diagonal"):
            what += " along a diagonal"
        return f"Takes {n} fewer wound{'' if n == 1 else 's'} from {what}{cond}"
    what = (or_([STRENGTH[s][3] for s in sel["strength"]], lang) + " " if sel.get("strength") else "") \
        + words.kinds(sel["kinds"], lang, 3)
    if sel.get("by"):
        what += f" со стороны {words.cards(sel['by'], lang)}"
    if sel.get("diagonal"):
        what += " по диагонали"
    return f"Получает на {n} {plural_ru(n, 'рану', 'раны', 'ран')} меньше от {what}{cond}"


DAMAGE_REDUCTION = register_keyword(Keyword(
    kw="damage_reduction", places="static grant", rule="03 §1.12 [422.4 group 4]", text=text,
    fields={"n": "int!", "from": "selector!", "condition": "conditions?"}, wound_mod=wound_mod))
