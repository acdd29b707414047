"""Berserk (Берсерк) rules engine: pure Python, no I/O, deterministic from a seed.

Public API (docs/engine-api.md): :class:`Game`, :class:`EngineError`, :func:`starter_decks`, :func:`load_deck`,
:func:`validate_deck`, the card pool (:func:`all_cards`, :func:`card_def`) and the plain-words catalogue
(:func:`catalogue`, :func:`card_text`). Everything else is internal; the layers are in docs/architecture.md.
"""
from engine.cards.decks import validate_deck
from engine.cards.pool import all_cards, card_def, load_deck, starter_decks
from engine.catalogue import card_text, catalogue
from engine.errors import EngineError
from engine.game import Game

__all__ = ["Game", "EngineError", "starter_decks", "load_deck", "validate_deck", "all_cards", "card_def",
           "catalogue", "card_text"]
