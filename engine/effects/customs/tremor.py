"""The 'tremor' marker (маркер «дрожь земли», Скелетный червь, vs2023-161, card text; ../shared/cards/README.md §6.6;
01 §6.1 cell markers [200.6]): ``tremor_place`` (in its "goes to the graveyard" trigger, once per battle) puts the
marker on a cell named when the trigger is declared (any cell: §6.7 says nothing of halves); ``tremor_move`` (an
optional trigger at the start of the opponent's turn while the card lies in its owner's graveyard) moves it to a
neighbouring cell chosen inside the entry (any of the eight: diagonal moves are not excluded by the text). The
marker is a ``cell_marker`` entry of ``g.effects`` (the ``mark`` keyword's form) owned by the card; the card's
Incarnation (``on_marker: tremor``, engine/effects/keywords/incarnation.py) comes back only onto that cell."""
from __future__ import annotations

from engine.cards.keywords import Custom, register_custom
from engine.effects import choice
from engine.model.board import CELLS, neighbours
from engine.ops import durations
from engine.model.state import GameState

MARKER = "tremor"


def marker_cell(g: GameState, card_id: str, marker: str = MARKER) -> str | None:
    """The cell holding ``card_id``'s ``marker`` cell marker, or None."""
    for e in g.effects:
        if e.get("kind") == "cell_marker" and e.get("marker") == marker and e.get("card") == card_id:
            return e.get("cell")
    return None


def place_cells(g: GameState, source, point: dict) -> list[str]:
    """Every cell of the battlefield (the marker may go on an occupied one)."""
    return list(CELLS)


def place(g: GameState, e, src, eff) -> None:
    """Put this card's tremor marker on the declared cell (one per card: a second placing moves it)."""
    cell = e.get("to")
    owner = src.id if src is not None else e["source"]
    if not cell:
        g.emit("fizzled", source=e["source"])
        return
    durations.remove(g, "cell_marker", owner)  # one tremor per card (the card has no other cell marker)
    durations.add(g, "battle_end", owner, "cell_marker", cell=cell, marker=MARKER, player=None)
    g.emit("cell_marked", cell=cell, marker=MARKER)


def move(g: GameState, e, src, eff) -> None:
    """Move the marker one cell (its controller chooses among the neighbouring cells)."""
    owner = src.id if src is not None else e["source"]
    at = marker_cell(g, owner)
    if at is None:
        g.emit("fizzled", source=e["source"])
        return
    cells = neighbours(at)
    i = choice.pick(g, e["controller"], cells, "tremor_cell", e["source"])
    if i is None:
        return
    durations.remove(g, "cell_marker", owner)
    durations.add(g, "battle_end", owner, "cell_marker", cell=cells[i], marker=MARKER, player=None)
    g.emit("cell_marked", cell=cells[i], marker=MARKER, frm=at)


TREMOR_PLACE = register_custom(Custom(handler="tremor_place", rule="card text (Скелетный червь); 01 §6.1 [200.6]",
                                      execute=place, cells=place_cells))
TREMOR_MOVE = register_custom(Custom(handler="tremor_move", rule="card text (Скелетный червь); 01 §6.1 [200.6]",
                                     execute=move))
