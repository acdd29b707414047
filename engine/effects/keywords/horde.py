"""Horde (орда, ``horde``; 03-abilities.md §4 horde [g-34], 01-game-and-cards.md §7.1): a deck may hold up to five
copies of the card. Read by the deck rules (engine/cards/decks.py); this module holds its schema and text."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"Horde (up to 5 copies in a deck)" in ``lang``."""
    return "Horde (up to 5 copies in a deck)" if lang == "en" else "Орда (до 5 копий в колоде)"


HORDE = register_keyword(Keyword(
    kw="horde", places="static", rule="03 §4 horde [g-34]; 01 §7.1 (up to 5 copies in a deck)", text=text))
