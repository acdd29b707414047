"""Poisoning (``poison``, engine/effects/keywords/poison.py; 03 §4 poison [g-36], [414.4])."""
from engine.catalogue import ability_text
from tests.helpers import creature, run_effect

EFFECT = {"kw": "poison", "n": 2, "target": "opposite"}


def test_executing_it_poisons_the_target_creature():
    g, L = run_effect([EFFECT], foe=creature())
    assert g.cards[L["b"]].markers.get("poison") == 2


def test_protection_from_poison_keeps_it_off():
    g, L = run_effect([EFFECT], foe=creature(abilities=[{"kw": "protection", "from": "poison"}]))
    assert not g.cards[L["b"]].markers.get("poison")


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text(EFFECT, "en") == "Poison the card directly opposite for 2."
    assert ability_text(EFFECT, "ru") == "Отравить карту прямо напротив на 2."
