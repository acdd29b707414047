"""Следопыт (vs2023-177, card text; 02-battle.md §1.5-§1.6 [305-306], hidden cards [415]): after both squads are
placed, in the step before the reveal (``before_reveal``), its controller may use it: the Tracker is revealed, the
opponent reveals the cards of his first row (the front row, counted from his side), and then the controller may
rearrange his own cards on his half, keeping them face down, by exchanging the contents of two cells of his half
(``choose {"swap": [cell, cell]}``) as often as he likes until he passes. Once per battle (one use per Tracker)."""
from __future__ import annotations

from engine.cards.keywords import Custom, register_custom
from engine.model.board import CELLS, half, row_of
from engine.ops.reveal import reveal
from engine.ops.zones import swap_cells
from engine.model.state import GameState

HANDLER = "tracker"


def _trackers(g: GameState, p: int) -> list:
    return [c for c in g.play_cards() if c.controller == p and c.zone == "battlefield" and not c.used.get(HANDLER)
            and any(a.get("kw") == "custom" and a.get("handler") == HANDLER for a in g.abilities(c))]


def step_options(g: GameState, p: int) -> list[dict]:
    """Use a Tracker (``ability`` with the index of its custom ability), or, after using one, exchange two cells of
    the player's half (at least one holding a card of his)."""
    out = []
    for c in _trackers(g, p):
        idx = next(i for i, a in enumerate(g.abilities(c)) if a.get("kw") == "custom" and a.get("handler") == HANDLER)
        out.append({"act": "ability", "source": c.id, "ability": idx})
    if g.prelim.get("tracker_rearrange") == p:
        mine = [cell for cell in CELLS if half(cell) == p]
        for i, a in enumerate(mine):
            for b in mine[i + 1:]:
                if any(g.board.get(x) and g.cards[g.board[x]].controller == p for x in (a, b)):
                    out.append({"act": "choose", "option": {"swap": [a, b]}})
    return out


def step_execute(g: GameState, p: int, act: dict) -> bool:
    """Apply one of :func:`step_options`; False for any other action."""
    if act.get("act") == "ability":
        card = g.cards.get(act.get("source") or "")
        if card is None or card not in _trackers(g, p):
            return False
        card.used[HANDLER] = 1
        reveal(g, card, "tracker")
        for cell in CELLS:
            cid = g.board.get(cell)
            if cid and g.cards[cid].controller != p and row_of(cell, g.cards[cid].controller) == 1:
                reveal(g, g.cards[cid], "tracker")
        g.prelim["tracker_rearrange"] = p
        return True
    opt = act.get("option")
    if act.get("act") == "choose" and isinstance(opt, dict) and "swap" in opt:
        a, b = opt["swap"]
        swap_cells(g, a, b)
        return True
    return False


TRACKER = register_custom(Custom(
    handler=HANDLER, rule="card text (Следопыт); 02 §1.5-§1.6 [305-306]; [415]", step="before_reveal",
    step_options=step_options, step_execute=step_execute))
