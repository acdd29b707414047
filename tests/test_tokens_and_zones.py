"""Seed rules S1 (tokens) and S2 (zones), one behaviour per test."""
import pytest

from engine import EngineError
from engine.ops.zones import put_into_deck
from tests.helpers import act, card, creature, game, pass_both

TOKEN_STRIKE = {"kw": "magic_strike", "n": 2, "cost": "2 tokens+tap"}


def test_s1_card_with_a_token_cost_has_the_implicit_accumulate():
    g, L = game([card("k", "c2", 1, override=creature(abilities=[TOKEN_STRIKE]))])
    act(g, L, 1, act="ability", source="k", ability="accumulate_token")
    pass_both(g)
    assert g.cards[L["k"]].tokens == 1 and g.cards[L["k"]].closed


def test_s1_card_without_a_token_cost_cannot_accumulate():
    gain = {"kw": "trigger", "when": "start_of_turn", "optional": False,
            "effect": {"kw": "gain_token", "n": 1, "target": "self"}}
    g, L = game([card("s", "c2", 1, override=creature(abilities=[gain]))])
    with pytest.raises(EngineError):
        act(g, L, 1, act="ability", source="s", ability="accumulate_token")


def test_s1_card_without_the_ability_still_receives_tokens_from_effects():
    give = {"kw": "gain_token", "n": 2, "target": "chosen", "cost": "tap"}
    g, L = game([card("giver", "c2", 1, override=creature(abilities=[give])), card("plain", "d2", 1)])
    act(g, L, 1, act="ability", source="giver", ability="gain_token", target="plain")
    pass_both(g)
    assert g.cards[L["plain"]].tokens == 2


def test_s1_paying_removes_exactly_the_cost():
    g, L = game([card("k", "c3", 1, tokens=5, override=creature(abilities=[TOKEN_STRIKE])),
                 card("v", "c4", 2, override=creature(life=9))])
    act(g, L, 1, act="ability", source="k", ability="magic_strike", target="v")
    assert g.cards[L["k"]].tokens == 3


def test_s1_accumulating_at_the_token_maximum_is_refused():
    abil = [{"kw": "accumulate_token", "cost": "tap"}, {"kw": "token_max", "n": 2}]
    g, L = game([card("k", "c2", 1, tokens=2, override=creature(abilities=abil))])
    with pytest.raises(EngineError):
        act(g, L, 1, act="ability", source="k", ability="accumulate_token")


def test_s2_card_entering_a_deck_is_a_new_card_without_tokens_and_the_deck_is_shuffled():
    g, L = game([card("k", "c2", 1, tokens=3, wounds=1), card("d1", owner=1, zone="deck"),
                 card("d2", owner=1, zone="deck")])
    old = L["k"]
    before_rng = g.rng.state
    new = put_into_deck(g.state, g.cards[old])
    assert old not in g.cards and new in g.decks[1] and g.cards[new].tokens == 0 and g.cards[new].wounds == 0
    assert g.rng.state != before_rng  # the shuffle drew from the seeded RNG
    assert "c2" not in g.board


def test_s2_destroyed_cards_go_on_top_of_the_owners_graveyard_in_order():
    mage = {"kw": "magic_strike", "n": 1, "cost": "tap", "sudden": True}
    g, L = game([card("m1", "c3", 1, override=creature(abilities=[mage])),
                 card("m2", "d3", 1, override=creature(abilities=[mage])),
                 card("v1", "c4", 2, override=creature(life=1)), card("v2", "d4", 2, override=creature(life=1))])
    act(g, L, 1, act="magic_strike", source="m1", target="v1")
    act(g, L, 1, act="magic_strike", source="m2", target="v2")
    pass_both(g, 2)
    assert g.graveyards[2] == [L["v2"], L["v1"]]


def test_s2_abilities_do_not_reach_cards_in_the_graveyard():
    heal = {"kw": "heal", "n": 1, "target": {"choose": "creature", "side": "any"}, "cost": "tap"}
    g, L = game([card("h", "a1", 1, override=creature(abilities=[heal])),
                 card("dead", owner=1, zone="graveyard")])
    with pytest.raises(EngineError):
        act(g, L, 1, act="ability", source="h", ability="heal", target="dead")


def test_s2_a_shot_reaches_the_aux_zone_at_any_range():
    shot = {"kw": "shot", "strike": [1, 1, 1], "range": 1, "cost": "tap"}
    g, L = game([card("archer", "a1", 1, override=creature(abilities=[shot])),
                 card("bat", owner=2, zone="aux", override=creature(flyer=True, move=None))])
    act(g, L, 1, act="shoot", source="archer", target="bat")
    pass_both(g)
    assert g.cards[L["bat"]].wounds == 1


def test_s2_deck_contents_are_hidden_from_every_view():
    g, L = game([card("d1", owner=1, zone="deck"), card("d2", owner=2, zone="deck")])
    for viewer in (1, 2, None):
        v = g.view(viewer)
        assert L["d1"] not in repr(v) and L["d2"] not in repr(v)
        assert v["players"]["1"]["deck"] == 1
