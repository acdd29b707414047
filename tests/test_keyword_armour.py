"""armour (engine/effects/keywords/armour.py): its schema accepts the card data and its text reads in both
languages (Минотавр, vs2023-034-minotavr); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2023-034-minotavr'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'armour')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'armour')
    assert ability_text(a, "en") == 'Armour 2.'
    assert ability_text(a, "ru") == 'Броня 2.'
