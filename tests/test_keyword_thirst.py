"""thirst (03 §4 ``thirst`` [g-16]): closed before its turn, it may wound a creature next to it for X; it opens only
if it did."""
from __future__ import annotations

from tests.helpers import card, creature, game

THIRSTY = creature(abilities=[{"kw": "thirst", "n": 2}])


def _to_player_one_prep():
    g, L = game([card("v", "c3", 1, override=THIRSTY, closed=True), card("t", "c4", 2, override=creature(life=9))],
                active=2)
    g.apply(2, {"act": "pass"})
    g.apply(1, {"act": "pass"})
    return g, L


def test_closed_before_its_turn_it_may_drink_from_a_neighbour_and_then_opens():
    g, L = _to_player_one_prep()
    assert g.prompt["kind"] == "choice" and g.prompt.get("what") == "turn_preparation"
    drink = {"act": "choose", "option": {"thirst": L["v"], "target": L["t"]}}
    assert drink in g.legal_actions(1)
    g.apply(1, drink)  # its only decision: the step ends and the turn starts
    assert g.phase == "main" and g.cards[L["t"]].wounds == 2 and not g.cards[L["v"]].closed


def test_if_it_does_not_drink_it_stays_closed():
    g, L = _to_player_one_prep()
    g.apply(1, {"act": "choose", "option": "done"})
    assert g.cards[L["t"]].wounds == 0 and g.cards[L["v"]].closed
