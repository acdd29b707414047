"""Granting abilities (``grant_abilities``, 03 §1.5 [407.1-407.2]), the keyword defined in
engine/effects/keywords/grant_abilities.py: a playable ability whose effect is that the target acquires
``grants`` until ``until`` (absent: the end of the battle)."""
from __future__ import annotations

from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.cards.kit import end_turn
from tests.helpers import act, card, creature, game, pass_both

SHIELD = normalize_ability({"kw": "grant_abilities", "cost": "tap", "kind": "spell",
                            "target": {"choose": "creature", "side": "friendly", "filter": [{"f": "other"}]},
                            "until": "end_of_turn", "grants": [{"kw": "protection", "from": "shots"}],
                            "and": [{"kw": "gain_token", "n": 1, "target": "self"}]})
SELF = normalize_ability({"kw": "grant_abilities", "cost": "tap", "grants": [{"kw": "armour", "n": 2}]})


def _offers(g, L, label):
    return [a for a in g.legal_actions(1) if a["act"] == "ability" and a["source"] == L[label]]


def test_the_data_forms_check_against_the_vocabulary():
    assert check_ability(SHIELD) == [] and check_ability(SELF) == []
    assert SELF["target"] == "self"
    assert check_ability(dict(SELF, grants=[])) != []


def test_a_chosen_target_is_offered_and_acquires_the_grants_until_the_end_of_the_turn():
    g, L = game([card("s", "c2", 1, override=creature(abilities=[SHIELD])), card("f", "c3", 1),
                 card("foe", "c5", 2)])
    opts = _offers(g, L, "s")
    assert {"act": "ability", "source": L["s"], "ability": 0, "target": L["f"]} in opts
    assert not any(o.get("target") in (L["s"], L["foe"]) for o in opts)
    act(g, L, 1, act="ability", source="s", ability=0, target="f")
    pass_both(g)
    f = g.cards[L["f"]]
    assert [a["kw"] for a in f.acquired] == ["protection"] and g.cards[L["s"]].tokens == 1  # and: a token
    end_turn(g)
    assert f.acquired == []


def test_without_until_the_gain_lasts_the_battle():
    g, L = game([card("s", "c2", 1, override=creature(abilities=[SELF])), card("foe", "c5", 2)])
    act(g, L, 1, act="ability", source="s", ability=0)
    pass_both(g)
    end_turn(g)
    end_turn(g)
    assert [a["kw"] for a in g.cards[L["s"]].acquired] == ["armour"]


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text(SELF, "en") == "Close: it gets: armour 2."
    assert ability_text(SELF, "ru") == "Закрыться: она получает: броня 2."
    assert "until the end of the turn" in ability_text(SHIELD, "en")
