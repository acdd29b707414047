"""resilience (03 §4 ``resilience``): no wounds from influences of an opposing card; attacks still wound."""
from __future__ import annotations

from tests.cards.kit import settle
from tests.helpers import act, card, creature, game, pass_both


WOUNDER = creature(abilities=[{"kw": "action", "cost": "tap", "effects": [
    {"kw": "wound", "n": 2, "target": {"choose": "creature", "side": "any"}}]}])


def test_an_enemy_influence_deals_no_wounds_a_friendly_one_does():
    t = creature(life=9, abilities=[{"kw": "resilience"}])
    g, L = game([card("a", "c2", 1, override=WOUNDER), card("t", "c5", 2, override=t), card("b", "a5", 2, override=WOUNDER)])
    act(g, L, 1, act="ability", source="a", ability=0, target="t")
    pass_both(g)
    assert g.cards[L["t"]].wounds == 0


def test_an_attack_still_wounds():
    t = creature(life=9, abilities=[{"kw": "resilience"}])
    g, L = game([card("a", "c3", 1, override=creature(strike=(2, 2, 2))), card("t", "c4", 2, closed=True, override=t)],
                dice=[1])
    act(g, L, 1, act="attack", source="a", target="t")
    pass_both(g)
    settle(g)
    assert g.cards[L["t"]].wounds == 2
