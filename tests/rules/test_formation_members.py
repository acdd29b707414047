"""Formation counts only friendly creatures that also have Formation, and an "in formation" text applies only
while the card is in formation (03 §4 formation [g-46]; Гномий король). Played through apply and legal_actions."""
from __future__ import annotations

from tests.helpers import act, card, creature, game, pass_both

KING = "vs2023-067-gnomiy-korol"
FORMATION = [{"kw": "formation"}]


def _strike_from_b2(partner_abilities):
    g, L = game([card("k", "c2", 1, override={}, name=KING),
                 card("m", "b2", 1, override=creature(life=9, strike=(1, 1, 1), abilities=partner_abilities)),
                 card("e", "b3", 2, closed=True, override=creature(life=9))])
    act(g, L, 1, act="attack", source="m", target="e")
    pass_both(g)
    return g.cards[L["e"]].wounds


def test_a_neighbour_without_formation_is_not_in_formation_with_the_king_and_gets_no_bonus():
    assert _strike_from_b2([]) == 1


def test_a_neighbour_with_formation_is_in_formation_with_the_king_and_gets_plus_one():
    assert _strike_from_b2(FORMATION) == 2


def test_the_kings_own_in_formation_reduction_needs_a_partner_with_formation():
    def wounds(partner):
        g, L = game([card("k", "c3", 1, override={}, name=KING, closed=True),
                     card("m", "b3", 1, override=creature(abilities=partner)),
                     card("a", "c4", 2, override=creature(strike=(3, 3, 3)))], active=2)
        act(g, L, 2, act="attack", source="a", target="k")
        pass_both(g)
        for _ in range(6):
            if not g.executing and not g.queue:
                break
            g.apply(g.to_act(), {"act": "pass"})
        return g.cards[L["k"]].wounds
    assert wounds([]) == 3 and wounds(FORMATION) == 2
