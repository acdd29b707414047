"""Berserk (Берсерк) rules engine: pure Python, no I/O, deterministic from a seed.

Public API (docs/engine-api.md): :class:`Game`, :class:`EngineError`, :func:`starter_decks`, :func:`load_deck`,
:func:`validate_deck`.
"""
from .decks import load_deck, starter_decks, validate_deck
from .errors import EngineError
from .game import Game

__all__ = ["Game", "EngineError", "starter_decks", "load_deck", "validate_deck"]
