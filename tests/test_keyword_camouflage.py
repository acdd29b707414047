"""camouflage (03 §4 ``camouflage``): closed, no wounds from the first attack against it each turn."""
from __future__ import annotations

from tests.cards.kit import settle
from tests.helpers import act, card, creature, game, pass_both


def test_the_first_attack_deals_nothing_the_second_wounds():
    c = creature(life=9, abilities=[{"kw": "camouflage"}])
    g, L = game([card("a", "c3", 1, override=creature(strike=(2, 2, 2))), card("b", "b3", 1, override=creature(strike=(2, 2, 2))),
                 card("c", "c4", 2, closed=True, override=c)], dice=[1, 1])
    act(g, L, 1, act="attack", source="a", target="c")
    pass_both(g)
    settle(g)
    assert g.cards[L["c"]].wounds == 0
    act(g, L, 1, act="attack", source="b", target="c")
    pass_both(g)
    settle(g)
    assert g.cards[L["c"]].wounds == 2
