"""Tokens (фишки) and additional life (дополнительная жизнь) given by effects, within their maximums
[218.6, 204.3.a]."""
from __future__ import annotations

from engine.cards import abilities as ab
from engine.model.enums import Event
from engine.rules import keywords
from engine.model.state import GameState


def gain_tokens(g: GameState, card, n: int) -> int:
    """Give ``n`` tokens to a card in play, never above its token maximum [218.6]; returns how many."""
    if card is None or not g.in_play(card) or n <= 0:
        return 0
    mx = ab.token_max(g.abilities(card))
    gain = n if mx is None else max(0, min(n, mx - card.tokens))
    if gain:
        card.tokens += gain
        g.emit(Event.TOKENS, card=card.id, n=gain)
    return gain


def add_life(g: GameState, card, n: int) -> int:
    """Additional life (дополнительная жизнь) [204]: +n, never above its life limit
    (:func:`engine.rules.keywords.life_limit` [204.3.a]); returns the gain."""
    if n <= 0 or not g.in_play(card):
        return 0
    cap = keywords.life_limit(g, card)
    if cap is not None:
        n = max(0, min(n, cap - g.life(card)))
    if n:
        card.markers["additional_life"] = card.markers.get("additional_life", 0) + n
        g.emit(Event.LIFE_ADDED, card=card.id, n=n)
    return n
