"""Paying costs at declaration [SEED S4]: closing, tokens, wounds, movement, limits; the simple strike's close
[216.12]. State writes only; what may be paid is :func:`engine.rules.declarable.can_pay`.
"""
from __future__ import annotations

from engine.cards import abilities as ab
from engine.cards.keywords import KEYWORDS
from engine.rules import combat
from engine.rules import grants
from engine.rules.declarable import token_helpers
from engine.rules import keywords
from engine.model.state import GameState


def _pay_strike(g: GameState, card, target=None) -> None:
    """A simple strike is a card action that closes its card [216.12, g-69], unless it has strikes left this turn
    (``extra_attack``: still an action, [g-70]) or it strikes without closing (``no_close_on_attack``, or a
    ``target`` under its side's order, :func:`engine.rules.combat.ordered_open`: no action at all, so the card may
    still move and act [g-78]). Either way it counts against the strikes per turn."""
    card.used["strikes"] = card.used.get("strikes", 0) + 1
    if keywords.flagged(g, card, "strikes_without_closing") or combat.ordered_open(g, target, card):
        return
    card.actions += 1
    if card.used["strikes"] < combat.strikes_allowed(g, card):
        return
    card.closed = True


def pay_cost(g: GameState, card, a: dict, idx, x) -> int:
    """Pay an activated ability's whole cost now [SEED S4]: close, tokens (``X`` = ``x``, ``all``), wounds,
    all movement, the per-turn/battle limit. Returns the tokens removed."""
    c = ab.cost(a)
    if c.tap:
        card.closed = True
        card.actions += 1
    paid = x if c.tokens == "X" else (card.tokens if c.tokens == "all" else c.tokens)
    own = min(paid, card.tokens)
    card.tokens -= own
    rest = paid - own
    for helper in (token_helpers(g, card) if rest else ()):  # Meditation: its element's tokens pay the rest [g-25]
        take = min(rest, helper.tokens)
        helper.tokens -= take
        rest -= take
    if c.life == "X":
        left = card.markers.get("additional_life", 0) - x
        if left > 0:
            card.markers["additional_life"] = left
        else:
            card.markers.pop("additional_life", None)
    if c.wounds:
        card.wounds += c.wounds
    if c.movement == "all":
        card.markers["movement"] = max(card.markers.get("movement", 0), g.defn(card).get("move") or 0) or 1
    if ab.limit(a):
        key = ab.limit_key(a, idx)
        card.used[key] = card.used.get(key, 0) + 1
    return paid


def pay_move_costs(g: GameState, card) -> None:
    """Pay what the card's abilities add to the cost of declaring movement, at the declaration [SEED S4]: each
    ability whose keyword has a ``move_cost`` hook (:class:`engine.cards.keywords.Keyword`)."""
    for a in grants.effective(g, card):
        k = KEYWORDS.get(a.get("kw"))
        if k is not None and k.move_cost is not None:
            k.move_cost(g, card, a)
