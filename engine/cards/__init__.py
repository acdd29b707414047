"""Cards: the card data (``engine/data/cards.json``), the pool, the starter decks and deck rules, the card
vocabulary's schema (:mod:`engine.cards.vocab`), ability objects (:mod:`engine.cards.abilities`) and kinds
(:mod:`engine.cards.kinds`). The lowest layer above :mod:`engine.errors`: it knows nothing of a game."""
from engine.cards.decks import load_deck, starter_decks
from engine.cards.pool import all_cards, card_def, resolve_id
from engine.cards.sets import load_all as _load_sets

_load_sets()  # the card sets of engine/data/sets/ and $BERSERK_CARD_SETS (engine/cards/sets.py)

__all__ = ["all_cards", "card_def", "load_deck", "resolve_id", "starter_decks"]
