"""agility (03 §4 ``agility``): once per turn, wounded, it may relocate to a neighbouring free cell."""
from __future__ import annotations

from tests.helpers import act, card, creature, game, pass_both


def test_wounded_it_may_relocate_next_door():
    g, L = game([card("a", "c3", 1, override=creature(strike=(1, 1, 1))),
                 card("g", "c4", 2, closed=True, override=creature(life=5, abilities=[{"kw": "agility"}]))], dice=[1])
    act(g, L, 1, act="attack", source="a", target="g")
    pass_both(g)
    g.apply(2, {"act": "declare", "source": L["g"], "ability": "agility"})
    pass_both(g)
    choice = [x for x in g.legal_actions(2) if x["act"] == "choose"]
    assert choice
    g.apply(2, choice[0])
    assert g.cards[L["g"]].cell != "c4"


def test_wounds_that_are_no_attack_fire_it_too():
    wound = {"kw": "wound", "n": 1, "target": {"choose": "card", "side": "any"}, "cost": "tap"}
    g, L = game([card("a", "c2", 1, override=creature(abilities=[wound])),
                 card("g", "c4", 2, override=creature(life=5, abilities=[{"kw": "agility"}]))])
    act(g, L, 1, act="ability", source="a", ability=0, target="g")
    pass_both(g)
    assert any(x["act"] == "declare" and x["source"] == L["g"] for x in g.legal_actions(2))
    g.apply(2, {"act": "declare", "source": L["g"], "ability": "agility"})
    pass_both(g)
    g.apply(2, [x for x in g.legal_actions(2) if x["act"] == "choose"][0])
    assert g.cards[L["g"]].wounds == 1 and g.cards[L["g"]].cell != "c4"
