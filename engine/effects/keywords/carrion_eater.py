"""Corpse-eating (трупоедство, ``carrion_eater``; 03-abilities.md §4 [g-51]). Read by
:func:`engine.ops.passives.destroyed` through this record's ``on_destroys``."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.cards.kinds import kinds_match
from engine.ops import trigger_points
from engine.rules.keywords import flagged
from engine.rules.adjacency import adjacent_cards
from engine.model.state import GameState



def on_destroys(g: GameState, killer, dead, kind, mine) -> None:
    """``killer`` (in play) destroyed ``dead`` by ``kind``: when ``dead`` is an adjacent (adjacency waived when
    either is a flyer) corporeal enemy creature and ``kind`` is not a ranged attack, a pending trigger heals
    ``killer`` completely and removes its Poisoning; "when its corpse-eating applies" triggers [g-51]."""
    if not g.is_creature(killer) or killer.controller == dead.controller or not g.is_creature(dead) or \
            flagged(g, dead, "bodiless"):
        return
    if kind and kinds_match(kind, ["ranged"]):
        return
    if not (g.is_flyer(killer) or g.is_flyer(dead) or dead in adjacent_cards(g, killer)):
        return
    trigger_points.add_base_trigger(g, killer, "carrion_eater",
                                    {"kw": "heal", "n": "full", "cure_poison": True, "target": "self"})
    trigger_points.collect(g, {"type": "carrion_eats", "card": killer.id})


def text(a: dict, lang: str, words) -> str:
    """"Carrion eating" in ``lang``."""
    return "Carrion eating" if lang == "en" else "Трупоедство"


CARRION_EATER = register_keyword(Keyword(
    kw="carrion_eater", places="static grant", rule="03 §4 carrion_eater [g-51]", text=text,
    fields={}, on_destroys=on_destroys))
