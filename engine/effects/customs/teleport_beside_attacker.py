"""Teleport next to the attacker (Сайкорон, vs2023-153, card text; 03 §4 teleportation [g-48], 02 §3 [203.12]): in
a trigger whose point is an attack (``by`` = the attacking card), the card relocates to an empty cell next to that
attacker, named when the trigger is declared (``to``, :data:`engine.cards.keywords.Custom` ``cells``). It is
movement ("moves" triggers fire) but spends none of the card's own; a card held in place cannot go."""
from __future__ import annotations

from engine.cards.keywords import Custom, register_custom
from engine.model.board import neighbours
from engine.ops import zones
from engine.rules.declarable import held
from engine.model.state import GameState


def cells(g: GameState, source, point: dict) -> list[str]:
    """The empty cells next to the attacker (on the battlefield), if the card may leave its cell now."""
    by = g.cards.get(point.get("by") or "")
    if by is None or by.zone != "battlefield" or source.zone != "battlefield" or held(g, source):
        return []
    return [n for n in neighbours(by.cell) if n not in g.board]


def execute(g: GameState, e, src, eff) -> None:
    """Relocate to the declared cell if it is still free (RULES.md Q7)."""
    zones.move(g, e, src, e.get("to"), how="teleportation")


TELEPORT_BESIDE_ATTACKER = register_custom(Custom(
    handler="teleport_beside_attacker", rule="card text (Сайкорон); 03 §4 teleportation [g-48]; 02 §3 [203.12]",
    execute=execute, cells=cells))
