"""maneuver (03 §4 ``maneuver``): swap cells with an orthogonally adjacent friendly creature; it is movement."""
from __future__ import annotations

from tests.helpers import act, card, creature, game, pass_both


def test_it_swaps_with_an_orthogonal_friend_only():
    g, L = game([card("m", "c2", 1, override=creature(abilities=[{"kw": "maneuver"}])), card("f", "c3", 1),
                 card("d", "d3", 1), card("e", "c5", 2)])
    offered = [x.get("target") for x in g.legal_actions(1) if x.get("source") == L["m"] and x["act"] == "ability"]
    assert offered == [L["f"]]
    act(g, L, 1, act="ability", source="m", ability="maneuver", target="f")
    pass_both(g)
    assert g.cards[L["m"]].cell == "c3" and g.cards[L["f"]].cell == "c2"
    assert not [x for x in g.legal_actions(1) if x.get("source") == L["m"] and x["act"] == "move"]
