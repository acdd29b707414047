"""Berserk (Берсерк) rules engine: pure Python, no I/O, deterministic from a seed.

Public API (docs/engine-api.md): :class:`Game`, :class:`EngineError`, :func:`starter_decks`, :func:`load_deck`,
:func:`validate_deck` and the other deck functions (:func:`deck_errors`, :func:`preconstructed_decks`, ...), the
card pool (:func:`all_cards`, :func:`card_def`) and the plain-words catalogue (:func:`catalogue`, :func:`card_text`). Everything else is internal; the layers are in docs/architecture.md.
"""
import berserk_native

berserk_native.install()  # the compiled modules, when built and current (berserk_native.py); before any import

from engine.cards.decks import (DeckError, InvalidDeck, deck_counts, deck_elements, deck_errors, find_deck,
                                load_deck, preconstructed_decks, starter_decks, validate_deck)
from engine.cards.pool import all_cards, card_def
from engine.catalogue import card_text, catalogue
from engine.errors import EngineError
from engine.game import Game

__all__ = ["Game", "EngineError", "starter_decks", "load_deck", "validate_deck", "all_cards", "card_def",
           "catalogue", "card_text", "DeckError", "InvalidDeck", "deck_counts", "deck_elements", "deck_errors",
           "find_deck", "preconstructed_decks"]
