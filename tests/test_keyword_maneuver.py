"""maneuver (03 §4 ``maneuver``): swap cells with an orthogonally adjacent friendly creature; it is movement."""
from __future__ import annotations

from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.helpers import act, card, creature, game, pass_both


def _settle(g):
    """Pass every question until a player holds priority on an empty queue."""
    for _ in range(20):
        if g.prompt and g.prompt["kind"] == "priority" and not g.queue:
            return
        g.apply(g.to_act(), {"act": "pass"})


def test_it_swaps_with_an_orthogonal_friend_only():
    g, L = game([card("m", "c2", 1, override=creature(abilities=[{"kw": "maneuver"}])), card("f", "c3", 1),
                 card("d", "d3", 1), card("e", "c5", 2)])
    offered = [x.get("target") for x in g.legal_actions(1) if x.get("source") == L["m"] and x["act"] == "ability"]
    assert offered == [L["f"]]
    act(g, L, 1, act="ability", source="m", ability="maneuver", target="f")
    pass_both(g)
    assert g.cards[L["m"]].cell == "c3" and g.cards[L["f"]].cell == "c2"
    assert not [x for x in g.legal_actions(1) if x.get("source") == L["m"] and x["act"] == "move"]
