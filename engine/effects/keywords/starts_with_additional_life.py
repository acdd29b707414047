"""Starts the battle with additional life (начинает бой с дополнительной жизнью, ``starts_with_additional_life``;
03 §5 ``starts_with`` [g-77, 304.4]; 01 §3.5 [204.2]): at the start of the battle (with the starting tokens,
02-battle.md §1.6 [307]) the card gains n additional life when its ``condition`` holds (a replacement before play,
[419.1.c]: nothing is declared)."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.ops.tokens import add_life
from engine.rules.conditions import holds
from engine.model.state import GameState


def at_battle_start(g: GameState, card, a: dict) -> None:
    """The card gains ``n`` additional life if ``condition`` holds (within a life maximum [204.3.a])."""
    if holds(g, card, a.get("condition"), {}):
        add_life(g, card, a["n"])


def text(a: dict, lang: str, words) -> str:
    """"It starts the battle with N additional life[ (condition)]" in ``lang``."""
    cond = words.conditions(a.get("condition"), lang)
    if lang == "en":
        return f"It starts the battle with {a['n']} additional life{cond}"
    return f"Начинает бой с дополнительными жизнями: {a['n']}{cond}"


STARTS_WITH_ADDITIONAL_LIFE = register_keyword(Keyword(
    kw="starts_with_additional_life", places="static", rule="03 §5 starts_with [g-77, 304.4]; 01 §3.5 [204.2]",
    text=text, fields={"n": "int!", "condition": "conditions?"}, at_battle_start=at_battle_start))
