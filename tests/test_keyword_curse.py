"""curse (03 §4 ``curse``): −1 to every die roll of the card; the marker ``curse`` gives it too."""
from __future__ import annotations

from engine.catalogue import ability_text
from engine.cards.vocab import check_ability
from tests.helpers import creature, wounds_on_closed

STRIKER = creature(strike=(1, 2, 3))


def test_it_changes_the_lone_die_of_its_simple_strike():
    assert wounds_on_closed(STRIKER, [4]) == 2  # medium
    assert wounds_on_closed(creature(strike=(1, 2, 3), abilities=[{"kw": "curse"}]), [4]) == 1


def test_the_marker_gives_it():
    assert wounds_on_closed(STRIKER, [4], markers={"curse": 1}) == 1


def test_it_is_checked_and_said_in_both_languages():
    assert check_ability({"kw": "curse"}) == [] and check_ability({"kw": "curse", "n": 1})
    assert ability_text({"kw": "curse"}, "ru") != ability_text({"kw": "curse"}, "en")
