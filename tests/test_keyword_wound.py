"""Wound (``wound``, engine/effects/keywords/wound.py; 03 §1.2 influence [401.5]): not an attack."""
from engine.catalogue import ability_text
from tests.helpers import creature, run_effect

EFFECT = {"kw": "wound", "n": 2, "target": "opposite"}


def test_executing_it_wounds_the_target_and_armour_does_not_apply():
    g, L = run_effect([EFFECT], foe=creature(life=5, abilities=[{"kw": "armour", "n": 1}]))
    assert g.cards[L["b"]].wounds == 2


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text(EFFECT, "en") == "Wound the card directly opposite for 2 (not an attack)."
    assert ability_text(EFFECT, "ru") == "Ранить карту прямо напротив на 2 (это не атака)."
