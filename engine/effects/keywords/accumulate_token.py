"""Accumulate a token (накопить фишку, ``accumulate_token``; RULES.md S1, 01-game-and-cards.md §6.2 [218.3-218.4]): an
activated ability (close, no other cost) that puts one token on the card, up to its token maximum. Every card with a
token cost has it (``implicit``, added by engine/cards/abilities.py)."""
from __future__ import annotations

from engine.cards.abilities import token_max
from engine.cards.keywords import Keyword
from engine.cards.vocab import ACTIVATED_FIELDS
from engine.effects.registry import register_keyword
from engine.ops.tokens import gain_tokens
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """+1 token on this card, up to its token maximum [218.3]."""
    gain_tokens(g, src, 1)


def refuses(g: GameState, card, a: dict) -> bool:
    """Accumulating at the token maximum is refused (01-game-and-cards.md §6.2 [DOUBT])."""
    mx = token_max(g.abilities(card))
    return mx is not None and card.tokens >= mx


def short_form(a: dict, place: str) -> None:
    """``implicit`` is false unless the data says so."""
    a.setdefault("implicit", False)


def text(a: dict, lang: str, words) -> str:
    """"gain 1 token" in ``lang`` (the implicit one says why it is there)."""
    out = "gain 1 token" if lang == "en" else "получить 1 фишку"
    if a.get("implicit"):
        out += (" (every card with a token cost has this)" if lang == "en"
                else " (есть у каждой карты с фишками в цене)")
    return out


ACCUMULATE_TOKEN = register_keyword(Keyword(
    kw="accumulate_token", places="activated", rule="RULES.md S1; 01 §6.2 [218.3-218.4]", text=text,
    fields={"implicit": "bool!", **ACTIVATED_FIELDS}, handler=execute, short_form=short_form,
    refuses=refuses))
