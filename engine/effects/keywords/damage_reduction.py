"""Fewer wounds (``damage_reduction``; 03-abilities.md §1.12 [422.4 group 4]): it takes n fewer wounds from the attacks
its selector ``from`` names. Its rule is read where combat asks for it (engine/ops/damage.py); this module holds its
schema and text."""
from __future__ import annotations

from engine.cards.words import STRENGTH, or_, plural_ru
from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


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
    fields={"n": "int!", "from": "selector!", "condition": "conditions?"}))
