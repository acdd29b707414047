"""Starts with tokens (``starts_with_tokens``; 03-abilities.md §5 starts_with [g-77, 419.1.c], 01 §6.2): it starts the
battle with n tokens when ``condition`` holds. Its rule is read where combat asks for it
(engine/procedure/prelim.py); this module holds its schema and text."""
from __future__ import annotations

from engine.cards.words import plural_ru, tokens
from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"Starts the battle with N tokens" in ``lang``."""
    cond = words.conditions(a.get("condition"), lang)
    if lang == "en":
        return f"Starts the battle with {tokens(a['n'], lang)}{cond}"
    return f"Начинает бой с {a['n']} {plural_ru(a['n'], 'фишкой', 'фишками', 'фишками')}{cond}"


STARTS_WITH_TOKENS = register_keyword(Keyword(
    kw="starts_with_tokens", places="static", rule="03 §5 starts_with [g-77, 419.1.c]; 01 §6.2", text=text,
    fields={"n": "int!", "condition": "conditions?"}))
