"""skhron (engine/effects/keywords/skhron.py): its schema accepts the card data and its text reads in both
languages (Ловец душ, vs2003-lovets-dush); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2003-lovets-dush'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'skhron')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'skhron')
    assert ability_text(a, "en") == 'Cache (Схрон): flyers cannot choose it as the first target of an attack.'
    assert ability_text(a, "ru") == 'Схрон: летающие существа не могут выбрать её первоначальной целью атаки.'
