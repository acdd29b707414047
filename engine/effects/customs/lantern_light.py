"""'Lantern light' («свет фонаря», Бул'Багур, vs2023-119, card text): at the start of the opponent's turn its
controller names up to 3 consecutive cells on one straight line (orthogonal or diagonal) running out from it,
declared as the far end of the line (``to``, :data:`engine.cards.keywords.Custom` ``cells``); until the end of its
controller's next turn a card standing on those cells takes 1 more wound from ranged attacks, from its own
poisoning and from Бул'Багур's simple strike (a timed effect ``lantern_light`` read by
:func:`engine.rules.keywords.lit_extra`)."""
from __future__ import annotations

from engine.cards.keywords import Custom, register_custom
from engine.model.board import cell_at, xy
from engine.ops import durations
from engine.model.state import GameState

DIRS = [(dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if (dc, dr) != (0, 0)]


def line_to(src_cell: str, end: str) -> list[str]:
    """The cells from the one next to ``src_cell`` up to ``end`` on a straight line (at most 3), or []."""
    (sc, sr), (ec, er) = xy(src_cell), xy(end)
    dc, dr = ec - sc, er - sr
    n = max(abs(dc), abs(dr))
    if n < 1 or n > 3 or dc not in (0, n, -n) or dr not in (0, n, -n):
        return []
    step = (dc // n, dr // n)
    return [cell_at(sc + step[0] * k, sr + step[1] * k) for k in range(1, n + 1)]


def cells(g: GameState, source, point: dict) -> list[str]:
    """Every far end of a line of 1 to 3 cells running out from the card (on the board)."""
    if source.zone != "battlefield" or not source.cell:
        return []
    c, r = xy(source.cell)
    out = []
    for dc, dr in DIRS:
        for k in range(1, 4):
            cell = cell_at(c + dc * k, r + dr * k)
            if cell is None:
                break
            out.append(cell)
    return sorted(out)


def execute(g: GameState, e, src, eff) -> None:
    """Light the line until the end of the controller's next turn (it is the opponent's turn now)."""
    if src is None or not g.in_play(src) or src.zone != "battlefield":
        g.emit("fizzled", source=e["source"])
        return
    lit = line_to(src.cell, e.get("to") or "")
    if not lit:
        g.emit("fizzled", source=e["source"])
        return
    durations.add(g, "turn_end", src.id, "lantern_light", cells=lit, turn=g.turn + 1)
    g.emit("cells_lit", cells=lit, card=src.id)


LANTERN_LIGHT = register_custom(Custom(handler="lantern_light", rule="card text (Бул'Багур)", execute=execute,
                                       cells=cells))
