"""Targets, filters, conditions and amounts of the card vocabulary (docs/card-vocabulary.md; 03-abilities.md §3).

A ``target`` is a name (``self``, ``attacker``, ``attacked``, ``opposite``, ``event_card``, ``each_*``) resolved
when the entry executes, or ``{"choose": "card"|"creature", "side", "filter"?, "count"?}`` named at declaration.
Chosen targets are cards in the play zone only [SEED S2] (Resurrection names the graveyard itself).
"""
from __future__ import annotations

from engine.model.board import in_front
from engine.rules.adjacency import adjacent_cards
from engine.rules.amounts import amount
from engine.rules.filters import formation_chain, match
from engine.model.state import GameState

__all__ = ["amount", "chosen_candidates", "formation_chain", "is_choice", "match", "resolve"]


def is_choice(spec) -> bool:
    """True when the target is chosen by the controller at declaration."""
    return isinstance(spec, dict) and "choose" in spec


def chosen_candidates(g: GameState, source, spec: dict, ctx: dict | None = None) -> list:
    """Cards in the play zone that a ``{"choose": ...}`` target may name, seen from ``source`` (03 §3.1)."""
    out = []
    ctrl = source.controller
    creatures = spec.get("choose") == "creature"
    side = spec.get("side", "any")
    filters = spec.get("filter")
    for c in g.play_cards():
        if c.hidden:
            continue
        if creatures and not g.is_creature(c):
            continue
        if side == "enemy" and c.controller == ctrl or side == "friendly" and c.controller != ctrl:
            continue
        if match(g, source, c, filters, ctx):
            out.append(c)
    return out


def resolve(g: GameState, entry: dict, source, spec, ctx: dict | None = None) -> list:
    """The cards an effect acts on when ``entry`` executes (only cards in the play zone) [SEED S2]."""
    ctx = ctx or {}
    point = entry.get("point") or {}
    ctrl = entry["controller"]
    if spec in (None, "self"):
        return [source] if source is not None and g.in_play(source) else []
    if is_choice(spec) or spec == "same_target":  # the card(s) another effect of this entry named
        ids = entry.get("targets") or ([entry["target"]] if entry.get("target") else [])
        return [g.cards[i] for i in ids if i in g.cards and g.in_play(i)]
    if spec == "each_enemy_creature":
        return [c for c in g.play_cards() if c.controller != ctrl and g.is_creature(c)]
    if spec == "each_friendly_creature":
        return [c for c in g.play_cards() if c.controller == ctrl and g.is_creature(c)]
    if isinstance(spec, dict) and "each" in spec:  # every card in play matching side and filters
        return [c for c in g.play_cards() if not c.hidden and (spec["each"] == "card" or g.is_creature(c))
                and _side_ok(c, ctrl, spec.get("side", "any"))
                and match(g, source, c, spec.get("filter"), dict(ctx, controller=ctrl, chosen=entry.get("target"),
                                                                 event_cell=point.get("cell")))]
    if spec == "each_adjacent_enemy_creature":
        return [c for c in adjacent_cards(g, source) if c.controller != ctrl and g.is_creature(c)] \
            if source is not None and g.in_play(source) else []
    if point.get("type") == "strikes":  # its own attack: it is the attacker, the struck card the attacked
        ref = {"attacker": point.get("card"), "attacked": point.get("target"),
               "event_card": point.get("target")}.get(spec)
    else:
        ref = {"defended": point.get("target"),
               "attacker": point.get("by") or ctx.get("attacker"),
               "attacked": point.get("card") or ctx.get("attacked"),
               "event_card": point.get("card") or ctx.get("event_card")}.get(spec)
    if spec == "opposite" and source is not None and source.zone == "battlefield":
        ref = g.board.get(in_front(source.cell, source.controller) or "")
    c = g.cards.get(ref or "")
    return [c] if c is not None and g.in_play(c) else []


def _side_ok(card, ctrl, side: str) -> bool:
    return side == "any" or (card.controller == ctrl) == (side == "friendly")
