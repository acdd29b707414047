"""Diagonal movement (``diagonal_move``; «может перемещаться по диагонали», 01 §3.4 movement, §5.4 adjacency):
each step of its movement may also go to a diagonally adjacent free cell; a diagonal step costs one movement like
any other. Static or granted, with no fields; its flag ``moves_diagonally`` makes
:func:`engine.rules.declarable._moves` offer the diagonal cells.
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words=None) -> str:
    """"It can move diagonally" in ``lang``."""
    return "It can move diagonally" if lang == "en" else "Может перемещаться по диагонали"


DIAGONAL_MOVE = register_keyword(Keyword(
    kw="diagonal_move", places="static grant", rule="01 §3.4 movement [203.3], §5.4 adjacency", text=text,
    flags=frozenset({"moves_diagonally"})))
