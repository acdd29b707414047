"""Ignoring the target's abilities (``ignores_abilities``, 03 §1.5 [408]), the keyword defined in
engine/effects/keywords/ignores_abilities.py: while its attack executes the attacked card has no abilities."""
from __future__ import annotations

from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.helpers import act, card, creature, game, pass_both

TOUGH = creature(life=9, abilities=[{"kw": "armour", "n": 2}, {"kw": "protection", "from": "shots"}])
GIANT = creature(strike=(3, 3, 3), abilities=[{"kw": "ignores_abilities", "which": "all"}])
ARROWS = creature(abilities=[normalize_ability({"kw": "shot", "n": 3, "cost": "tap"}),
                             normalize_ability({"kw": "shot", "n": 3, "cost": "tap",
                                                "rider": [{"kw": "ignores_abilities", "which": "all"}]})])


def test_the_forms_check_against_the_vocabulary():
    assert check_ability({"kw": "ignores_abilities", "which": "all"}) == []
    assert check_ability({"kw": "ignores_abilities", "which": "all"}, "effect") == []
    assert check_ability({"kw": "ignores_abilities", "which": "some"}) != []


def test_a_printed_one_strikes_through_armour():
    g, L = game([card("g", "c3", 1, override=GIANT), card("t", "c4", 2, override=TOUGH, closed=True)], dice=[4])
    act(g, L, 1, act="attack", source="g", target="t")
    pass_both(g)
    assert g.cards[L["t"]].wounds == 3  # armour 2 ignored


def test_a_rider_ignores_protection_only_for_its_own_attack():
    g, L = game([card("a", "c2", 1, override=ARROWS), card("t", "c5", 2, override=TOUGH)])
    act(g, L, 1, act="ability", source="a", ability=0, target="t")
    pass_both(g)
    assert g.cards[L["t"]].wounds == 0  # protected from shots
    g, L = game([card("a", "c2", 1, override=ARROWS), card("t", "c5", 2, override=TOUGH)])
    act(g, L, 1, act="ability", source="a", ability=1, target="t")
    pass_both(g)
    assert g.cards[L["t"]].wounds == 3


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text({"kw": "ignores_abilities", "which": "all"}, "en") == \
        "It ignores every ability of the attacked creature."
    assert ability_text(ARROWS["abilities"][1], "ru") == \
        "Закрыться: выстрел на 3, игнорируя все особенности цели."
