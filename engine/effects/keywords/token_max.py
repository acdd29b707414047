"""Token maximum (``token_max``; 01-game-and-cards.md §6.2 [218.6-218.8]): it can hold at most n tokens. Its rule is
read where combat asks for it (engine/ops/tokens.py); this module holds its schema and text."""
from __future__ import annotations

from engine.cards.words import plural_ru, tokens
from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"It can hold at most N tokens" in ``lang``."""
    if lang == "en":
        return f"It can hold at most {tokens(a['n'], lang)}"
    return f"На ней может быть не больше {a['n']} {plural_ru(a['n'], 'фишки', 'фишек', 'фишек')}"


TOKEN_MAX = register_keyword(Keyword(
    kw="token_max", places="static grant", rule="01 §6.2 [218.6-218.8]", text=text,
    fields={"n": "int!"}))
