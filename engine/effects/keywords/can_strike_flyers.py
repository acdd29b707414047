"""Striking flyers (``can_strike_flyers``; «может атаковать летающих существ простыми ударами», Скелос): while its
``condition`` holds, its simple strike may be declared at a flying creature without first closing for it
(03 §3.3 [211.8-211.9]). Static or granted; :func:`engine.rules.combat.strike_target_ok` reads it.
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"It may make simple strikes at flyers[ (while ...)]" in ``lang``."""
    cond = words.conditions(a.get("condition"), lang) if a.get("condition") else ""
    if lang == "en":
        return f"It may make simple strikes at flyers{cond}"
    return f"Может наносить простые удары по летающим существам{cond}"


CAN_STRIKE_FLYERS = register_keyword(Keyword(
    kw="can_strike_flyers", places="static grant", rule="03 §3.3 [211.8-211.9]", text=text,
    fields={"condition": "conditions?"}, flags=frozenset({"strikes_flyers"})))
