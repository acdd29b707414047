"""blessing (03 §4 ``blessing``): +1 to every die roll of the card; the marker ``blessing`` gives it too."""
from __future__ import annotations

from engine.catalogue import ability_text
from engine.cards.vocab import check_ability
from tests.helpers import creature, wounds_on_closed

STRIKER = creature(strike=(1, 2, 3))


def test_it_changes_the_lone_die_of_its_simple_strike():
    assert wounds_on_closed(STRIKER, [5]) == 2  # medium
    assert wounds_on_closed(creature(strike=(1, 2, 3), abilities=[{"kw": "blessing"}]), [5]) == 3


def test_the_marker_gives_it():
    assert wounds_on_closed(STRIKER, [5], markers={"blessing": 1}) == 3


def test_it_is_checked_and_said_in_both_languages():
    assert check_ability({"kw": "blessing"}) == [] and check_ability({"kw": "blessing", "n": 1})
    assert ability_text({"kw": "blessing"}, "ru") != ability_text({"kw": "blessing"}, "en")
