"""Gates of greed (Демон жадности, vs2023-170, card text; README §6.6 'mark' as text): at the start of the
opponent's turn its controller puts a 'gates' cell marker on three empty cells, one after another (asked inside the
entry, :mod:`engine.effects.choice`), lasting until that turn ends; at the end of the opponent's turn the Demon
must teleport to an empty gates cell and wounds every enemy creature next to it by 2; if it cannot, it takes 3
wounds (an influence). The teleport is movement ("moves" triggers fire, how ``teleportation``) spending none of
its own; a card held in place cannot go. Where the gates may lie is not printed (§6.7): any empty cell."""
from __future__ import annotations

from engine.cards.keywords import Custom, register_custom
from engine.effects import choice
from engine.model.board import CELLS
from engine.ops import damage, durations, zones
from engine.rules.adjacency import adjacent_cards
from engine.rules.cells import free
from engine.rules.declarable import held
from engine.model.state import GameState

MARKER = "gates"


def _gates(g: GameState) -> list[str]:
    return sorted({e["cell"] for e in g.effects if e.get("kind") == "cell_marker" and e.get("marker") == MARKER})


def place(g: GameState, e, src, eff) -> None:
    """Three gates on empty cells, chosen one at a time by the Demon's controller."""
    m = choice.memo(g, "greed_gates")
    while m.get("n", 0) < 3:
        cells = [c for c in CELLS if free(g, c) and c not in _gates(g)]
        if not cells:
            break
        i = choice.pick(g, e["controller"], cells, "gates_cell", e["source"])
        if i is None:
            return
        durations.add(g, "turn_end", src.id if src is not None else e["source"], "cell_marker", turn=g.turn,
                      cell=cells[i], marker=MARKER, player=None)
        g.emit("cell_marked", cell=cells[i], marker=MARKER)
        m["n"] = m.get("n", 0) + 1
    choice.forget(g, "greed_gates")


def teleport(g: GameState, e, src, eff) -> None:
    """To an empty gates cell (chosen), then 2 wounds to every enemy creature next to it; else 3 wounds to itself."""
    if src is None or not g.in_play(src):
        return
    cells = [c for c in _gates(g) if free(g, c)] if src.zone == "battlefield" and not held(g, src) else []
    if not cells:
        damage.wound(g, src, 3, "wound", src)
        damage.check_deaths(g, [src])
        return
    i = choice.pick(g, e["controller"], cells, "gates_teleport", e["source"])
    if i is None:
        return
    zones.move(g, e, src, cells[i], how="teleportation")
    foes = [c for c in adjacent_cards(g, src) if c.controller != src.controller and g.is_creature(c)]
    for c in foes:
        damage.wound(g, c, 2, "wound", src)
    damage.check_deaths(g, foes)


GREED_GATES = register_custom(Custom(handler="greed_gates", rule="card text (Демон жадности); 01 §6.1 markers",
                                     execute=place))
GREED_TELEPORT = register_custom(Custom(handler="greed_teleport",
                                        rule="card text (Демон жадности); 03 §4 teleportation [g-48]",
                                        execute=teleport))
