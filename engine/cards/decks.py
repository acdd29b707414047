"""Deck construction: the starter decks and the validation of a submitted deck.

Rule: 01-game-and-cards.md §7.1 (constructed format [100.2.a-100.3, g-34 Horde, g-76 Copy]): a deck (колода) holds
30 to 50 cards; at most 3 copies of one name, counted by ``name_ru`` across editions (two printings of one name are
copies); at most 5 for a card with Horde (Орда). Uniqueness limits the squad, not the deck (§3.9). The starter decks
live in ``engine/data/decks.json``; :func:`starter_decks` and :func:`load_deck` are re-exported from
:mod:`engine.cards`, where they are defined.
"""
from __future__ import annotations

from collections import Counter

from engine.cards.pool import _pool, load_deck, resolve_id, starter_decks
from engine.errors import EngineError


__all__ = ["validate_deck", "starter_decks", "load_deck", "MIN_CARDS", "MAX_CARDS", "MAX_COPIES", "MAX_COPIES_HORDE"]

MIN_CARDS = 30          #: [100.2.a] constructed minimum
MAX_CARDS = 50          #: [100.3]
MAX_COPIES = 3          #: [100.2.b] copies of one name
MAX_COPIES_HORDE = 5    #: [g-34] Horde


def _has_horde(card: dict) -> bool:
    return any(a.get("kw") == "horde" for a in card["abilities"])


def validate_deck(card_ids) -> None:
    """Check a deck (a list of pool card ids or unique Russian names, copies repeated) against 01 §7.1.

    Returns None when the deck is legal. Raises ``EngineError("invalid_deck", sentence)`` when it is not a list of
    strings, names a card that is not in the pool (or a Russian name shared by two editions), has fewer than 30 or more than 50 cards, or holds more than 3
    copies of one Russian name (5 when that card has Horde), counting every edition of the name together.
    The sentence names the first problem found; nothing is changed.
    """
    if not isinstance(card_ids, list) or not all(isinstance(c, str) for c in card_ids):
        raise EngineError("invalid_deck", "A deck must be a list of card ids (strings).")
    by_id = _pool()[0]
    unknown = sorted({c for c in card_ids if resolve_id(c) is None})
    if unknown:
        raise EngineError("invalid_deck", f"The deck names cards that are not in the pool: {', '.join(unknown)}.")
    card_ids = [resolve_id(c) for c in card_ids]
    n = len(card_ids)
    if n < MIN_CARDS:
        raise EngineError("invalid_deck", f"A deck needs at least {MIN_CARDS} cards; this one has {n}.")
    if n > MAX_CARDS:
        raise EngineError("invalid_deck", f"A deck may hold at most {MAX_CARDS} cards; this one has {n}.")
    copies = Counter(by_id[c]["name_ru"] for c in card_ids)
    horde = {by_id[c]["name_ru"] for c in card_ids if _has_horde(by_id[c])}
    for name, count in sorted(copies.items()):
        limit = MAX_COPIES_HORDE if name in horde else MAX_COPIES
        if count > limit:
            raise EngineError("invalid_deck",
                              f"A deck may hold at most {limit} copies of {name} (all editions together); "
                              f"this one has {count}.")
