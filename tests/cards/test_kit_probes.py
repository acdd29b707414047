"""The probes the card tests play (tests/cards/kit.py) reach an unprotected card, so that "it takes nothing" in a
card test means a protection, not a probe that missed."""
import pytest

from tests.cards.kit import attack_sticks, defender_offered, poison_sticks

PLAIN = "vs2003-hobgoblin"  # directed strike and protection from poison only


@pytest.mark.parametrize("kind", ["discharge", "shot", "throw", "magic_strike", "spell"])
def test_each_attack_probe_wounds_an_unprotected_card_for_two(kind):
    assert attack_sticks(PLAIN, kind) == 2


def test_the_poison_probe_poisons_a_card_without_protection_from_poison():
    assert poison_sticks("vs2003-kobold") and not poison_sticks(PLAIN)


def test_the_defender_probe_asks_for_a_defender_against_an_ordinary_strike():
    assert defender_offered("vs2003-kobold")
