"""Reducing an attack to n (``reduce_attack_to_n``, 03 §5 [g-90]), the keyword defined in
engine/effects/keywords/reduce_attack_to_n.py: a matching attack that would deal more than n deals n."""
from __future__ import annotations

from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.helpers import act, card, creature, game, pass_both

CAP = {"kw": "reduce_attack_to_n", "n": 1, "applies_to": ["ranged"], "by": [{"f": "elite", "value": False}]}
SHOOTER = dict(abilities=[normalize_ability({"kw": "shot", "n": 4, "cost": "tap"}),
                          normalize_ability({"kw": "magic_strike", "n": 4, "cost": "tap"})])


def _hit(elite, ability):
    g, L = game([card("c", "c3", 1, override=creature(life=9, abilities=[CAP])),
                 card("a", "c4", 2, override=creature(elite=elite, **SHOOTER))], active=2)
    act(g, L, 2, act="ability", source="a", ability=ability, target="c")
    pass_both(g)
    return g.cards[L["c"]].wounds


def test_the_form_checks_against_the_vocabulary():
    assert check_ability(CAP) == [] and check_ability(dict(CAP, n="one")) != []


def test_a_matching_attack_is_reduced_to_n():
    assert _hit(False, 0) == 1


def test_another_kind_or_another_attacker_is_not():
    assert _hit(False, 1) == 4  # a magic strike is no ranged attack
    assert _hit(True, 0) == 4  # an elite shooter does not match ``by``


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text(CAP, "en") == "Ranged attacks by cards (regular) against it are reduced to 1."
    assert ability_text(CAP, "ru").startswith("Дальняя атака со стороны карт (рядовая) по ней сводится к 1")
