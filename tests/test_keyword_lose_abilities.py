"""Losing abilities (``lose_abilities``, 03 §1.5 [407.3-407.5]), the keyword defined in
engine/effects/keywords/lose_abilities.py: the target's printed abilities are gone until the duration ends; what
it acquired stays."""
from __future__ import annotations

from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.cards.kit import end_turn
from tests.helpers import act, card, creature, game, pass_both

FORGET = normalize_ability({"kw": "lose_abilities", "cost": "instant+tap", "which": "all", "until": "end_of_turn",
                            "target": {"choose": "creature", "side": "enemy"}})
SHOOTER = creature(abilities=[normalize_ability({"kw": "shot", "n": 1, "cost": "tap"}), {"kw": "armour", "n": 1}])


def _shots(g, L):
    return [a for a in g.legal_actions(2) if a["act"] == "ability" and a["source"] == L["s"]]


def test_the_data_form_checks_against_the_vocabulary():
    assert check_ability(FORGET) == []
    assert check_ability({"kw": "lose_abilities", "target": "self", "which": "all"}, "effect") == []
    assert check_ability(dict(FORGET, which="some")) != []


def test_the_target_loses_its_printed_abilities_until_the_end_of_the_turn():
    g, L = game([card("f", "c2", 1, override=creature(abilities=[FORGET])), card("s", "c5", 2, override=SHOOTER)],
                active=2)
    assert _shots(g, L)
    g.apply(2, {"act": "pass"})
    act(g, L, 1, act="ability", source="f", ability=0, target="s")
    pass_both(g)
    s = g.cards[L["s"]]
    assert [a["kw"] for a in g.abilities(s)][:2] == ["_lost", "_lost"]
    assert not _shots(g, L)  # its shot is gone
    end_turn(g)
    assert [a["kw"] for a in g.abilities(s)] == ["shot", "armour"]


def test_acquired_abilities_stay():
    g, L = game([card("f", "c2", 1, override=creature(abilities=[FORGET])), card("s", "c5", 2, override=SHOOTER)])
    s = g.cards[L["s"]]
    s.acquired.append({"kw": "regeneration", "n": 1})
    act(g, L, 1, act="ability", source="f", ability=0, target="s")
    pass_both(g)
    kws = [a["kw"] for a in g.abilities(s)]
    assert "regeneration" in kws and "armour" not in kws


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text(FORGET, "en") == ("Sudden. Close: an enemy creature loses all its abilities (not those it acquired) "
                                          "until the end of the turn.")
    assert "теряет все свои особенности" in ability_text(FORGET, "ru")
