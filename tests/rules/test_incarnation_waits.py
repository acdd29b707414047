"""Incarnation X with no free cell of its owner's 3rd row: the card keeps its tokens and incarnates as soon as a
cell frees (03-abilities.md §4 incarnation [g-19]), not at its owner's next turn. Played through apply."""
from __future__ import annotations

from tests.helpers import act, card, creature, game, pass_both

INC = creature(abilities=[{"kw": "incarnation", "n": 2}])


def _full_back_row():
    return [card(f"r{c}", f"{c}1", 1, override=creature(life=1)) for c in "abcd"]


def test_a_waiting_card_incarnates_as_soon_as_a_back_row_cell_frees():
    zap = creature(abilities=[{"kw": "discharge", "n": 3, "cost": "tap"}])
    g, L = game([card("i", None, 1, zone="graveyard", override=INC, tokens=2), card("z", "c5", 2, override=zap)]
                + _full_back_row(), active=2)  # e1 holds player 1's spare creature: the 3rd row is full
    assert g.cards[L["i"]].zone == "graveyard"
    act(g, L, 2, act="discharge", source="z", target="ra")
    pass_both(g)  # the discharge kills the creature on a1: the cell frees
    assert g.cards[L["ra"]].zone == "graveyard"
    for _ in range(6):
        if g.cards[L["i"]].zone != "graveyard" or not (g.queue or any(g.pending.values())):
            break
        g.apply(g.to_act(), {"act": "pass"})
    assert g.cards[L["i"]].zone == "battlefield" and g.cards[L["i"]].cell == "a1"
    assert g.active == 2  # in the opponent's turn, not at the start of its owner's next turn


def test_with_no_free_cell_it_keeps_waiting_with_its_tokens():
    g, L = game([card("i", None, 1, zone="graveyard", override=INC, tokens=2), card("e", "c5", 2)] + _full_back_row(),
                active=2)
    pass_both(g)
    assert g.cards[L["i"]].zone == "graveyard" and g.cards[L["i"]].tokens >= 2
