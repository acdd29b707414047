"""plague (03 §4 ``plague`` [g-57]): after its melee strike the attacked creature gains plague; an odd die of its
own wounds it for that number."""
from __future__ import annotations

from tests.cards.kit import settle
from tests.helpers import act, card, creature, game

PLAGUED = creature(life=9, strike=(1, 2, 3), abilities=[{"kw": "plague"}])


def _strike(die):
    g, L = game([card("p", "c3", 1, override=PLAGUED), card("t", "c4", 2, closed=True, override=creature(life=9))],
                dice=[die])
    act(g, L, 1, act="attack", source="p", target="t")
    settle(g)
    return g, L


def test_the_attacked_creature_gains_plague_and_an_odd_die_wounds_the_plague_carrier():
    g, L = _strike(3)
    t = g.cards[L["t"]]
    assert t.markers.get("plague") == 1 and any(a.get("kw") == "plague" for a in g.abilities(t))
    assert g.cards[L["p"]].wounds == 3


def test_an_even_die_costs_it_nothing():
    g, L = _strike(4)
    assert g.cards[L["p"]].wounds == 0 and g.cards[L["t"]].markers.get("plague") == 1


def test_the_plague_marker_alone_gives_plague():
    g, L = game([card("p", "c3", 1, override=creature(life=9, strike=(1, 2, 3)), markers={"plague": 1}),
                 card("t", "c4", 2, closed=True, override=creature(life=9))], dice=[3])
    act(g, L, 1, act="attack", source="p", target="t")
    settle(g)
    assert g.cards[L["p"]].wounds == 3 and g.cards[L["t"]].markers.get("plague") == 1
