"""Aura (``aura``; 03-abilities.md §1.4 [406], §1.5 [407]): the cards matching ``to`` have ``grants``: its
``grants_to`` hook, asked by :func:`engine.rules.grants.effective` for the cards in play."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.rules import targets as tg
from engine.model.state import GameState


def grants_to(g: GameState, src, a: dict, card) -> list[dict]:
    """Its ``grants`` when ``card`` matches ``to`` (relative to ``src``, the aura's card) [406, 407]; else []."""
    return a.get("grants") or [] if tg.match(g, src, card, a.get("to")) else []


def text(a: dict, lang: str, words) -> str:
    """"Cards (...) have: <abilities>" in ``lang``."""
    fs = words.filters(a["to"], lang)
    head = f"Cards ({fs}) have: " if lang == "en" else f"Карты ({fs}) получают: "
    return head + words.grants(a["grants"], lang)


AURA = register_keyword(Keyword(
    kw="aura", places="static", rule="03 §1.4 [406], §1.5 [407]", text=text,
    fields={"to": "filters!", "grants": "abilities!"}, grants_to=grants_to))
