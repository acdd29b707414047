"""Defending the ground (``can_defend_ground``, 01 §3.6 [205.3], §4.4 [211.6]), the keyword defined in
engine/effects/keywords/can_defend_ground.py: a flyer that may defend its side's non-flying creatures against any
attacker."""
from __future__ import annotations

from engine.catalogue import ability_text
from engine.cards.vocab import check_ability
from tests.helpers import act, card, creature, game

GUARD = creature(flyer=True, move=None, abilities=[{"kw": "can_defend_ground"}])
PLAIN = creature(flyer=True, move=None)


def _defenders(g, L):
    act(g, L, 2, act="attack", source="e", target="f")
    g.apply(2, {"act": "pass"})
    g.apply(1, {"act": "pass"})
    return {a.get("source") for a in g.legal_actions(1) if a["act"] == "defend"}


def test_the_form_checks_against_the_vocabulary():
    assert check_ability({"kw": "can_defend_ground"}) == [] and check_ability({"kw": "can_defend_ground"}, "grant") == []


def test_it_is_offered_as_the_defender_of_a_ground_creature_against_a_ground_attacker():
    g, L = game([card("w", None, 1, override=GUARD), card("f", "c3", 1), card("e", "c4", 2)], active=2, dice=[3, 3])
    assert _defenders(g, L) == {L["w"]}
    act(g, L, 1, act="defend", source="w")
    assert any(e["type"] == "defends" and e["card"] == L["w"] for e in g.events)
    assert g.cards[L["f"]].wounds == 0


def test_a_plain_flyer_is_not():
    g, L = game([card("w", None, 1, override=PLAIN), card("f", "c3", 1), card("e", "c4", 2)], active=2, dice=[3, 3])
    assert _defenders(g, L) == set()


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text({"kw": "can_defend_ground"}, "en") == "It may act as the defender of any of your non-flying creatures."
    assert ability_text({"kw": "can_defend_ground"}, "ru").startswith("Может выступать защитником")
