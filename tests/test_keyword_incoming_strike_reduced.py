"""incoming_strike_reduced (engine/effects/keywords/incoming_strike_reduced.py): its schema accepts the card data and its text reads in both
languages (Степной волколак, vs2023-008-stepnoy-volkolak); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2023-008-stepnoy-volkolak'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'incoming_strike_reduced')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'incoming_strike_reduced')
    assert ability_text(a, "en") == 'Every simple strike against it counts as weak.'
    assert ability_text(a, "ru") == 'Любой простой удар по ней считается слабым.'
