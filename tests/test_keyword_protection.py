"""protection (engine/effects/keywords/protection.py): its schema accepts the card data and its text reads in both
languages (Бьёрн, vs2003-bjorn); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2003-bjorn'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'protection')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'protection')
    assert ability_text(a, "en") == 'Protection from magic.'
    assert ability_text(a, "ru") == 'Защита от магии.'
