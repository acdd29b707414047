"""shooting_exp (03 §4 ``shooting_exp``): +X to its die roll when it attacks with a shot."""
from __future__ import annotations

from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.helpers import creature, ranged_wounds


def _with(*abilities):
    return creature(abilities=[{"kw": "shot", "strike": [1, 2, 3], "range": None, "cost": "tap"}, *abilities])


def test_it_adds_x_to_the_die_of_its_shot():
    assert ranged_wounds(_with(), "shoot", [3]) == 1
    assert ranged_wounds(_with({"kw": "shooting_exp", "n": 1}), "shoot", [3]) == 2
    assert ranged_wounds(_with({"kw": "shooting_exp", "n": 2}), "shoot", [4]) == 3


def test_it_is_checked_and_said_in_both_languages():
    assert check_ability({"kw": "shooting_exp", "n": 2}) == [] and check_ability({"kw": "shooting_exp", "n": 0})
    a = normalize_ability({"kw": "shooting_exp"})
    assert ability_text(a, "ru") and ability_text(a, "en")
