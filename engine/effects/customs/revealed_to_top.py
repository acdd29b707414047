"""Махинатор (vs2023-104, card text; the prophecy keyword, engine/effects/keywords/prophecy.py): when a prophecy
of its controller has revealed cards (trigger point ``prophecy_reveals``, optional, once per turn), those cards go
back on top of the deck in the order the controller chooses, from wherever the prophecy's shuffle left them
(its text orders them, [103.1]). The controller picks them one by one, the first picked becoming the top card (engine/effects/choice.py);
cards that have left the deck meanwhile are skipped."""
from __future__ import annotations

from engine.cards.keywords import Custom, register_custom
from engine.effects import choice
from engine.model.state import GameState

_MEMO = "revealed_to_top"


def execute(g: GameState, e, src, eff) -> None:
    """Ask the order (one pick per card but the last), then put them on top."""
    p = e["controller"]
    m = choice.memo(g, _MEMO)
    if "left" not in m:
        m["left"] = [c for c in (e.get("point") or {}).get("cards") or [] if c in g.decks[p]]
        m["order"] = []
    while len(m["left"]) > 1:
        i = choice.pick(g, p, list(m["left"]), "deck_top_order", e["source"])
        if i is None:
            return
        m["order"].append(m["left"].pop(i))
    order = m["order"] + m["left"]
    deck = g.decks[p]
    for cid in order:
        deck.remove(cid)
    deck[0:0] = order
    g.emit("deck_reordered", player=p, n=len(order))
    choice.forget(g, _MEMO)


REVEALED_TO_TOP = register_custom(Custom(handler="revealed_to_top", rule="card text (Махинатор); prophecy",
                                         execute=execute))
