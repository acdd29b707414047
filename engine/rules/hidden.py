"""Face-down (hidden, закрытые рубашкой) cards on the battlefield: reveal, aliases, targeting [306.2.a, 415, 211.2.a].

A card placed in deployment is face down until the reveal step; the second player may keep cards of their 3rd row
face down until the end of the first player's first turn (:mod:`engine.procedure.prelim`). While a card is hidden from a
viewer (face down and controlled by another player) that viewer knows it only by its alias ``"x-<cell>"``
(:mod:`engine.view`), in views *and* in legal actions; :func:`dealias` maps an alias in an action back to the card
(docs/rules-decisions.md, "Hidden cards"). A hidden card is revealed (a base effect, no queue) when it becomes a
target, declares, or has a trigger [415.2]: :func:`reveal_involved` runs in the flow before anyone is asked.
A hidden card is a legal target for anything its position allows; conditions about it are treated as met [415.3]
(:func:`relaxed_match`); if the action is illegal once it is revealed, the entry does nothing (RULES.md Q7, 415.4).
"""
from __future__ import annotations

from typing import Final

from engine.rules.adjacency import adjacent_cards
from engine.rules.combat import attack_reaches
from engine.rules.filters import parse_filters
from engine.model.state import Card, GameState


ALIAS_PREFIX = "x-"
#: Target filters that read only public information (position, controller, identity of the source).
PUBLIC_FILTERS: Final = frozenset({"enemy", "friendly", "other", "adjacent", "opposite", "in_row", "beside_source",
                            "no_friend_beside"})


def hidden_from(card: Card, viewer: int | None) -> bool:
    """True when ``viewer`` (1, 2 or None) may not see the card's identity: face down and not theirs [415]."""
    return card.hidden and viewer != card.controller


def alias(card) -> str:
    """The public alias of a face-down card: ``"x-<cell>"`` (its cell is public) [305, 415]."""
    return f"{ALIAS_PREFIX}{card.cell}"


def any_hidden(g: GameState) -> bool:
    """True while some battlefield card is face down (memoized in a read-only scope, engine/model/memo.py). Once no
    card at all is face down the answer is False without a look until ``GameState.turn_face_down``."""
    if not g._face_down:
        return False
    memo = g._memo
    if memo is not None:
        hit = memo.get("any_hidden")
        if hit is None:
            hit = memo["any_hidden"] = ((), _any_hidden(g))
        return bool(hit[1])
    return _any_hidden(g)


def _any_hidden(g: GameState) -> bool:
    cards = g.cards
    for cid in g.board.values():
        if cards[cid].hidden:
            return True
    for c in cards.values():
        if c.hidden:
            return False
    g._face_down = False
    return False


def relaxed_match(g: GameState, source, card, spec: dict) -> bool:
    """[415.3] A face-down card as a chosen target: only public conditions are checked (side, position); every
    condition about the card's own properties is treated as met."""
    side = spec.get("side", "any")
    if side == "enemy" and card.controller == source.controller or side == "friendly" and \
            card.controller != source.controller:
        return False
    fs = spec.get("filter")
    if fs:
        for d, f in zip(fs, parse_filters(fs)):
            if d.get("f") in PUBLIC_FILTERS and not f.test(g, source, card, {}):
                return False
    return True


def hidden_strike_targets(g: GameState, src) -> list[str]:
    """Face-down cards ``src`` may simple-strike: any when ``src`` is a flyer in the aux zone [211.5], else the
    adjacent ones [207.7]; whatever they are (terrain, flyer, ...) they count as legal until revealed [415.3]."""
    if not any_hidden(g) or src.closed or not g.in_play(src) or not g.is_creature(src):
        return []
    if not any(g.defn(src).get("strike") or [0]):
        return []
    if src.zone == "aux" and g.is_flyer(src):
        cands = [g.cards[i] for i in g.board.values()]
    elif src.zone == "battlefield":
        cands = adjacent_cards(g, src)  # a symbiote's: those of its host [210.9]
    else:
        cands = []
    return [c.id for c in cands if c.hidden and c is not src and c.controller != src.controller]


def hidden_attack_ok(g: GameState, src, a: dict, tgt) -> bool:
    """[415.3] Can attack ability ``a`` of ``src`` target the face-down ``tgt``? Side and public filters only, then
    the reach of :func:`engine.rules.combat.attack_reaches` (range bonuses included)."""
    spec = a.get("target")
    if isinstance(spec, dict) and not relaxed_match(g, src, tgt, spec):
        return False
    return attack_reaches(g, src, a, tgt)  # the same reach as an open target, range bonuses included
