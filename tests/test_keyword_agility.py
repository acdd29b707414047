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
