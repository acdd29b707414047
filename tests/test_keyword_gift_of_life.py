"""gift_of_life (03 §4 ``gift_of_life``): on its death a chosen creature of its squad and element gains X life."""
from __future__ import annotations

from tests.cards.kit import settle
from tests.helpers import act, card, creature, game, pass_both


def test_a_friend_of_its_element_gains_x_additional_life():
    giver = creature(life=1, element="Горы", abilities=[{"kw": "gift_of_life", "n": 2}])
    g, L = game([card("a", "c4", 2, override=creature(strike=(5, 5, 5))), card("d", "c3", 1, override=giver, closed=True),
                 card("f", "a1", 1, override=creature(element="Горы"))], active=2, dice=[1])
    act(g, L, 2, act="attack", source="a", target="d")
    pass_both(g)
    for _ in range(10):
        legal = [x for x in g.legal_actions(g.to_act()) if x["act"] == "declare"]
        if legal:
            g.apply(g.to_act(), legal[0])
            break
        g.apply(g.to_act(), {"act": "pass"})
    settle(g)
    assert g.cards[L["f"]].markers.get("additional_life") == 2
