"""Named triggered keywords that are not printed as ``trigger`` objects: Vampirism, Corpse-Eating, Regeneration and
Poisoning. Each becomes a mandatory pending trigger of its card (RULES.md S3) whose entry executes like any other.

03-abilities.md §4: ``vampirism`` [g-06], ``carrion_eater`` [g-51], ``regeneration`` [g-42], ``poison`` [g-36].
"""
from __future__ import annotations

from engine.cards.kinds import kinds_match
from engine.ops import acquire
from engine.ops import trigger_points
from engine.rules import grants
from engine.rules.adjacency import adjacent_cards


def vampirism(g, card, target, dealt: int) -> None:
    """Vampirism (вампиризм) [g-06]: ``card`` dealt ``dealt`` wounds with a simple strike (as attacker or
    responder) to a corporeal creature: a pending trigger heals it by that many, the rest as additional life up to
    its life maximum."""
    if dealt <= 0 or not g.in_play(card) or not g.is_creature(target) or not grants.kws(g, card, "vampirism"):
        return
    if grants.kws(g, target, "incorporeal"):
        return
    less = max([a.get("minus", 0) for a in grants.kws(g, card, "vampirism")] or [0])  # "vampirism X-1" (Вампир)
    if dealt - less <= 0:
        return
    trigger_points.add_base_trigger(g, card, "vampirism", {"kw": "_vampirism", "n": dealt - less, "target": "self"})


def carrion(g, dead, killer, kind) -> None:
    """Corpse-Eating (трупоедство) [g-51]: ``killer`` destroyed an adjacent corporeal enemy creature (adjacency
    waived when either is a flyer) by anything but a ranged attack: a pending trigger heals it completely and
    removes its Poisoning. Called before ``dead`` leaves the battlefield, so adjacency is still measurable."""
    if killer is None or killer is dead or not g.in_play(killer) or not g.is_creature(killer):
        return
    if killer.controller == dead.controller or not g.is_creature(dead) or grants.kws(g, dead, "incorporeal"):
        return
    if kind and kinds_match(kind, ["ranged"]):
        return
    if not grants.kws(g, killer, "carrion_eater"):
        return
    if not (g.is_flyer(killer) or g.is_flyer(dead) or dead in adjacent_cards(g, killer)):
        return
    trigger_points.add_base_trigger(g, killer, "carrion_eater",
                              {"kw": "heal", "n": "full", "cure_poison": True, "target": "self"})
    trigger_points.collect(g, {"type": "carrion_eats", "card": killer.id})  # "when its corpse-eating applies"


def turn_start(g, p: int) -> None:
    """Turn start [311.4]: Regeneration X heals, Poisoning X wounds, each only for a creature of the active player
    that is open now (it opened this turn or was open) [g-42, g-36]; the greatest copy counts [414.4]. Also
    records who stands adjacent for forced attacks (:func:`engine.ops.acquire.refresh_forced`)."""
    acquire.refresh_forced(g, baseline=True)
    for c in g.play_cards():
        if c.controller != p or c.closed:
            continue
        regen = grants.kws(g, c, "regeneration")
        if regen and c.wounds > 0:
            trigger_points.add_base_trigger(g, c, "regeneration",
                                      {"kw": "heal", "n": grants.named_value(regen), "target": "self"})
        if c.markers.get("poison"):
            trigger_points.add_base_trigger(g, c, "poison", {"kw": "wound", "n": c.markers["poison"], "target": "self",
                                                       "_self": True})
