"""Ведунья Ордена (vs2023-173, card text; 01 §5.5 deck, hidden information [206.5]): its controller looks at the
top three cards of his deck (an event only he sees, naming the cards) and puts each back on the top or at the
bottom of the deck, without shuffling. He picks them one at a time as ``top:<id>`` / ``bottom:<id>``
(engine/effects/choice.py): a card put on top goes above everything there (so the last one put on top is the top
card), a card put at the bottom goes below everything (the last one is the bottom card); every order is possible.
With fewer than three cards in the deck it looks at those."""
from __future__ import annotations

from typing import Final

from engine.cards.keywords import Custom, register_custom
from engine.effects import choice
from engine.model.state import GameState

_MEMO = "deck_look_arrange"
N: Final = 3


def execute(g: GameState, e, src, eff) -> None:
    """Look (once), then place the cards one by one as the controller picks."""
    p = e["controller"]
    m = choice.memo(g, _MEMO)
    if "left" not in m:
        top = list(g.decks[p][:N])
        del g.decks[p][:len(top)]
        m["left"] = top
        g.emit("looked", to=p, player=p, cards=list(top), defkeys=[g.cards[c].defkey for c in top])
    while m["left"]:
        items = [f"{where}:{cid}" for cid in m["left"] for where in ("top", "bottom")]
        i = choice.pick(g, p, items, "deck_top_or_bottom", e["source"])
        if i is None:
            return
        where, cid = items[i].split(":", 1)
        m["left"].remove(cid)
        if where == "top":
            g.decks[p].insert(0, cid)
        else:
            g.decks[p].append(cid)
    g.emit("deck_arranged", player=p)
    choice.forget(g, _MEMO)


DECK_LOOK_ARRANGE = register_custom(Custom(handler="deck_look_arrange", rule="card text (Ведунья Ордена); 01 §5.5",
                                           execute=execute))
