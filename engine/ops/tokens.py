"""Tokens (фишки) and additional life (дополнительная жизнь) given by effects, within their maximums
[218.6, 204.3.a]."""
from __future__ import annotations

from engine.cards import abilities as ab
from engine.rules import grants


def gain_tokens(g, card, n: int) -> int:
    """Give ``n`` tokens to a card in play, never above its token maximum [218.6]; returns how many."""
    if card is None or not g.in_play(card) or n <= 0:
        return 0
    mx = ab.token_max(g.abilities(card))
    gain = n if mx is None else max(0, min(n, mx - card.tokens))
    if gain:
        card.tokens += gain
        g.emit("tokens", card=card.id, n=gain)
    return gain


def add_life(g, card, n: int) -> int:
    """Additional life (дополнительная жизнь) [204]: +n, never above a ``life_cap`` [204.3.a]; returns the gain."""
    if n <= 0 or not g.in_play(card):
        return 0
    caps = [a.get("n") for a in grants.kws(g, card, "life_cap")]
    if caps:
        n = max(0, min(n, min(caps) - g.life(card)))
    if n:
        card.markers["additional_life"] = card.markers.get("additional_life", 0) + n
        g.emit("life_added", card=card.id, n=n)
    return n
