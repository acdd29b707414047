"""Starts with tokens (``starts_with_tokens``; 03-abilities.md §5 starts_with [g-77, 419.1.c], 01 §6.2): it starts the
battle with n tokens when ``condition`` holds: its ``at_battle_start`` hook, asked with the other starting
tokens (engine/procedure/prelim.py, 02-battle.md §1.6 [307])."""
from __future__ import annotations

from engine.cards.words import plural_ru, tokens
from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.rules.conditions import holds
from engine.model.state import GameState


def at_battle_start(g: GameState, card, a: dict) -> None:
    """The card gets n tokens (an int n) when the ability's ``condition`` holds [g-77, 419.1.c]."""
    if isinstance(a.get("n"), int) and holds(g, card, a.get("condition"), {}):
        card.tokens += a["n"]


def text(a: dict, lang: str, words) -> str:
    """"Starts the battle with N tokens" in ``lang``."""
    cond = words.conditions(a.get("condition"), lang)
    if lang == "en":
        return f"Starts the battle with {tokens(a['n'], lang)}{cond}"
    return f"Начинает бой с {a['n']} {plural_ru(a['n'], 'фишкой', 'фишками', 'фишками')}{cond}"


STARTS_WITH_TOKENS = register_keyword(Keyword(
    kw="starts_with_tokens", places="static", rule="03 §5 starts_with [g-77, 419.1.c]; 01 §6.2", text=text,
    fields={"n": "int!", "condition": "conditions?"},
    at_battle_start=at_battle_start))
