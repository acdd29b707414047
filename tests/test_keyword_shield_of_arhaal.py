"""shield_of_arhaal (03 §4 ``shield_of_arhaal``): −1 to nonmagical attacks against it per poisoned creature next to
it, at most −X."""
from __future__ import annotations

from tests.cards.kit import settle
from tests.helpers import act, card, creature, game, pass_both


def _wounds(poisoned):
    t = creature(life=9, abilities=[{"kw": "shield_of_arhaal", "n": 1}])
    cards = [card("a", "c3", 1, override=creature(strike=(3, 3, 3))), card("t", "c4", 2, closed=True, override=t)]
    for i, cell in enumerate(["b4", "d4"][:poisoned]):
        cards.append(card(f"p{i}", cell, 2, markers={"poison": 1}))
    g, L = game(cards, dice=[1])
    act(g, L, 1, act="attack", source="a", target="t")
    pass_both(g)
    settle(g)
    return g.cards[L["t"]].wounds


def test_each_poisoned_neighbour_lowers_the_attack_up_to_x():
    assert _wounds(0) == 3 and _wounds(1) == 2 and _wounds(2) == 2
