"""Flesh stitching (Сшиватель плоти, vs2023-148, card text; 03 §4 resurrect [g-07], §1.5 [407.3-407.5]): from its
controller's graveyard one creature is exiled (it leaves the game: zone ``exile``) and another, non-flying one is
resurrected onto a free cell next to the Stitcher, open (the classic default, README §6.7). The resurrected
creature loses its abilities (the state ``_lost_abilities`` of the ``lose_abilities`` keyword) and gets +X to its
simple strike (X = the exiled creature's printed weak strike) and +Y life (additional life, Y = its printed life),
for the rest of the battle. Declared with ``targets`` [exiled, resurrected] and ``to`` (the cell)."""
from __future__ import annotations

from engine.cards.keywords import Custom, register_custom
from engine.effects.keywords.resurrect import execute as eff_resurrect
from engine.model.board import neighbours
from engine.ops import acquire
from engine.ops.tokens import add_life
from engine.rules.options import MAX_COMBOS
from engine.model.state import GameState


def options(g: GameState, card, a: dict) -> list[dict]:
    """Every (exiled, resurrected, free neighbouring cell) with two different creatures of its controller's
    graveyard, the resurrected one not a flyer."""
    if card.zone != "battlefield":
        return []
    yard = [g.cards[c] for c in g.graveyards[card.controller] if g.is_creature(g.cards[c])]
    cells = [n for n in neighbours(card.cell) if n not in g.board]
    out = []
    for r in yard:
        if g.defn(r).get("flyer"):
            continue
        for x in yard:
            if x is not r:
                out.extend({"targets": [x.id, r.id], "to": cell} for cell in cells)
    return out[:MAX_COMBOS]


def execute(g: GameState, e, src, eff) -> None:
    """Exile, resurrect, then the resurrected creature's changes (if it came back)."""
    ids = e.get("targets") or []
    if len(ids) != 2 or any(i not in g.graveyards[e["controller"]] for i in ids):
        g.emit("fizzled", source=e["source"])
        return
    exiled, revived = g.cards[ids[0]], g.cards[ids[1]]
    g.graveyards[exiled.owner].remove(exiled.id)
    exiled.zone = "exile"
    g.emit("exiled", card=exiled.id)
    eff_resurrect(g, dict(e, target=revived.id), src, {"closed": False})
    if not g.in_play(revived):
        return
    weak = (g.defn(exiled).get("strike") or [0])[0]
    acquire.grant(g, revived, [{"kw": "_lost_abilities", "which": "all"},
                               {"kw": "strike_bonus", "n": weak, "applies_to": ["simple_strike"],
                                "values": ["weak", "medium", "strong"], "stacks": True}],
                  "end_of_battle", e["controller"], src)
    add_life(g, revived, g.defn(exiled).get("life") or 0)


FLESH_STITCHING = register_custom(Custom(
    handler="flesh_stitching", rule="card text (Сшиватель плоти); 03 §4 resurrect [g-07]; §1.5 [407.3-407.5]",
    execute=execute, options=options))
