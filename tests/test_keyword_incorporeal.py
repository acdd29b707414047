"""incorporeal (03 §4 ``incorporeal`` [g-03]): it cannot be healed and cannot be poisoned."""
from __future__ import annotations

from tests.helpers import act, card, creature, game, pass_both

HEALER = creature(abilities=[{"kw": "heal", "n": 2, "target": {"choose": "creature", "side": "any"}, "cost": "tap"}])


def test_a_heal_cannot_be_aimed_at_an_incorporeal_creature():
    g, L = game([card("h", "c2", 1, override=HEALER), card("i", "b2", 1, wounds=2,
                                                           override=creature(abilities=[{"kw": "incorporeal"}])),
                 card("w", "a2", 1, wounds=2), card("e", "c5", 2)])
    targets = {a.get("target") for a in g.legal_actions(1) if a.get("source") == L["h"] and a["act"] == "ability"}
    assert L["w"] in targets and L["i"] not in targets


GHOST = creature(move=2, abilities=[{"kw": "incorporeal"}])


def _ghost_next_to_friend():
    return game([card("i", "c2", 1, override=GHOST), card("f", "c3", 1), card("x", "a2", 1), card("e", "c5", 2)])


def test_it_may_move_into_an_occupied_cell_and_on_through_it():
    g, L = _ghost_next_to_friend()
    assert {"act": "move", "source": L["i"], "to": "c3"} in g.legal_actions(1)
    assert {"act": "move", "source": L["x"], "to": "a3"} in g.legal_actions(1)
    assert {"act": "move", "source": L["f"], "to": "c2"} not in g.legal_actions(1)  # only the incorporeal one
    act(g, L, 1, act="move", source="i", to="c3")
    pass_both(g)
    assert g.cards[L["i"]].cell == "c3" and g.board["c3"] == L["f"] and "c2" not in g.board
    assert L["i"] in [c.id for c in g.play_cards()]
    act(g, L, 1, act="move", source="i", to="c4")  # declaring its own movement does not kill it
    pass_both(g)
    assert g.board["c4"] == L["i"] and g.board["c3"] == L["f"]


def test_sharing_a_cell_it_dies_when_its_controller_takes_another_action():
    g, L = _ghost_next_to_friend()
    act(g, L, 1, act="move", source="i", to="c3")
    pass_both(g)
    act(g, L, 1, act="move", source="x", to="a3")
    assert g.cards[L["i"]].zone == "graveyard" and g.board["c3"] == L["f"]


def test_sharing_a_cell_it_dies_when_the_turn_passes():
    g, L = _ghost_next_to_friend()
    act(g, L, 1, act="move", source="i", to="c3")
    pass_both(g)
    g.apply(1, {"act": "end_turn"})
    for _ in range(6):
        if g.active == 2:
            break
        g.apply(g.to_act(), {"act": "pass"})
    assert g.active == 2 and g.cards[L["i"]].zone == "graveyard" and g.board["c3"] == L["f"]


def test_it_holds_the_cell_when_the_card_holding_it_dies():
    zap = creature(abilities=[{"kw": "discharge", "n": 5, "cost": "tap", "sudden": True}])
    g, L = game([card("i", "c2", 1, override=GHOST), card("f", "c3", 1), card("z", "c6", 2, override=zap)])
    act(g, L, 1, act="move", source="i", to="c3")
    pass_both(g)
    g.apply(1, {"act": "pass"})
    act(g, L, 2, act="discharge", source="z", target="f")
    pass_both(g)
    assert g.cards[L["f"]].zone == "graveyard"
    assert g.board.get("c3") == L["i"] and g.cards[L["i"]].zone == "battlefield"
