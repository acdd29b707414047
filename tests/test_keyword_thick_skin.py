"""thick_skin (03 §4 ``thick_skin`` [g-49]): the "after attack" abilities of a card attacking it do nothing to it."""
from __future__ import annotations

from tests.cards.kit import settle
from tests.helpers import act, card, creature, game

POISONER = creature(strike=(1, 1, 1), abilities=[{"kw": "trigger", "when": "strikes", "attack": ["simple_strike"],
                                                 "roles": ["attacker"], "optional": False,
                                                 "effects": [{"kw": "poison", "n": 1, "target": "attacked"}]}])


def _poisoned(abilities):
    g, L = game([card("p", "c3", 1, override=POISONER),
                 card("t", "c4", 2, closed=True, override=creature(life=9, abilities=abilities))])
    act(g, L, 1, act="attack", source="p", target="t")
    settle(g)
    return g.cards[L["t"]].wounds, g.cards[L["t"]].markers.get("poison")


def test_the_attackers_after_strike_poison_does_not_reach_a_thick_skinned_card():
    assert _poisoned([]) == (1, 1)
    assert _poisoned([{"kw": "thick_skin"}]) == (1, None)  # the strike itself still wounds
