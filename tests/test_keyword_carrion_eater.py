"""carrion_eater (engine/effects/keywords/carrion_eater.py): its schema accepts the card data and its text reads in both
languages (Корпит, vs2003-korpit); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2003-korpit'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'carrion_eater')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'carrion_eater')
    assert ability_text(a, "en") == 'Carrion eating.'
    assert ability_text(a, "ru") == 'Трупоедство.'
