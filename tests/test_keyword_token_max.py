"""token_max (engine/effects/keywords/token_max.py): its schema accepts the card data and its text reads in both
languages (Ар-Гулль, vs2003-ar-gull); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2003-ar-gull'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'token_max')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'token_max')
    assert ability_text(a, "en") == 'It can hold at most 4 tokens.'
    assert ability_text(a, "ru") == 'На ней может быть не больше 4 фишек.'
