"""Aura (``aura``; 03-abilities.md §1.4 [406], §1.5 [407]): the cards matching ``to`` have ``grants``. Its rule is read
where combat asks for it (engine/rules/grants.py); this module holds its schema and text."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"Cards (...) have: <abilities>" in ``lang``."""
    fs = words.filters(a["to"], lang)
    head = f"Cards ({fs}) have: " if lang == "en" else f"Карты ({fs}) получают: "
    return head + words.grants(a["grants"], lang)


AURA = register_keyword(Keyword(
    kw="aura", places="static", rule="03 §1.4 [406], §1.5 [407]", text=text,
    fields={"to": "filters!", "grants": "abilities!"}))
