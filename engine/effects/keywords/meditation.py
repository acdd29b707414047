"""Meditation (Медитация) [g-25], 03 §4 ``meditation``: static. The card may pay its activated abilities with
tokens on other cards of its element in its squad; a neutral card has no element and cannot. The card's own tokens
are spent first, then the others' in a fixed order (by card id) [SEED S4: all paid at declaration]
(:func:`engine.rules.declarable.token_pool`, :func:`engine.ops.costs.pay_cost` ask this record's
``token_sources``). Written ``{"kw": "meditation"}``."""
from __future__ import annotations

from typing import Final

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.model.state import GameState

#: The element word of neutral cards (01-game-and-cards.md §3: no element).
NEUTRAL: Final = "Нейтральные"


def sources(g: GameState, card) -> list:
    """Friendly cards in play of the card's element (none for a neutral card), sorted by id."""
    el = g.defn(card).get("element")
    if not el or el == NEUTRAL or not g.in_play(card):
        return []
    return sorted((c for c in g.play_cards() if c is not card and c.controller == card.controller
                   and g.defn(c).get("element") == el), key=lambda c: c.id)


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    if lang == "en":
        return "meditation: it may pay its abilities with tokens of your other cards of its element"
    return "медитация: может оплачивать свои способности фишками других ваших карт своей стихии"


MEDITATION = register_keyword(Keyword(kw="meditation", places="static grant", rule="03 §4 meditation [g-25]",
                                      text=text, token_sources=sources))
