"""Named keywords that act without being printed as ``trigger`` objects (Vampirism, Corpse-Eating, Regeneration:
their modules in engine/effects/keywords/, asked through their records' hooks) and Poisoning's wounds (a marker).
Each becomes a mandatory pending trigger of its card (RULES.md S3) whose entry executes like any other.

03-abilities.md §4: ``vampirism`` [g-06], ``carrion_eater`` [g-51], ``regeneration`` [g-42], ``poison`` [g-36].
"""
from __future__ import annotations

from engine.cards.keywords import hooked
from engine.model.enums import Event
from engine.ops import acquire
from engine.ops import trigger_points
from engine.rules import grants
from engine.rules import keywords
from engine.model.state import GameState


def struck(g: GameState, card, target, dealt: int) -> None:
    """``card`` dealt ``dealt`` wounds to ``target`` with a simple strike (as attacker or responder): each keyword
    ``card`` has with an ``on_strike_wounds`` hook acts (Vampirism [g-06])."""
    if dealt <= 0 or not g.in_play(card):
        return
    for k in hooked("on_strike_wounds"):
        mine = grants.kws(g, card, k.kw)
        if mine:
            k.on_strike_wounds(g, card, target, dealt, mine)


def destroyed(g: GameState, dead, killer, kind) -> None:
    """``killer`` destroyed ``dead`` by ``kind``: each keyword ``killer`` (in play, not ``dead`` itself) has with an
    ``on_destroys`` hook acts (Corpse-Eating [g-51]). Called before ``dead`` leaves the battlefield, so adjacency
    is still measurable."""
    if killer is None or killer is dead or not g.in_play(killer):
        return
    for k in hooked("on_destroys"):
        mine = grants.kws(g, killer, k.kw)
        if mine:
            k.on_destroys(g, killer, dead, kind, mine)


def turn_start(g: GameState, p: int) -> None:
    """Turn start [311.4]: for each creature of the active player that is open now (it opened this turn or was
    open), each keyword it has with an ``at_turn_start`` hook acts (Regeneration [g-42]), then Poisoning X wounds
    it [g-36]. Also records who stands adjacent for forced attacks (:func:`engine.ops.acquire.refresh_forced`)."""
    acquire.refresh_forced(g, baseline=True)
    for c in g.play_cards():
        if c.controller != p or c.closed:
            continue
        for k in hooked("at_turn_start"):
            mine = grants.kws(g, c, k.kw)
            if mine:
                k.at_turn_start(g, c, mine)
        if c.markers.get("poison"):
            trigger_points.add_base_trigger(g, c, "poison", {"kw": "wound", "n": c.markers["poison"], "target": "self",
                                                       "_self": True})


def lose_poisoning(g: GameState) -> None:
    """Base effect [421]: a poisoned creature that has Incorporeality or Protection from poison loses its
    Poisoning (its ``poison`` marker) at once, also when it gained them from a grant, a formation or an aura
    (03-abilities.md §4 poison [g-36], incorporeal [g-03], §1.11). Called whenever a player would be asked."""
    if not g._poisoned:
        return  # the common case: no card is poisoned (``GameState._poisoned``)
    left = False
    for c in g.play_cards():
        if c.markers.get("poison"):
            if keywords.flagged(g, c, "bodiless") or keywords.protected(g, c, "poison", None, None):
                del c.markers["poison"]
                g.emit(Event.CURED, card=c.id)
            else:
                left = True
    g._poisoned = left or any(c.markers.get("poison") for c in g.cards.values())
