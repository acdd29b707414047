"""``discharge`` (engine/effects/keywords/discharge.py): its schema accepts the card data and its text reads in both
languages (Ар-Гулль, vs2003-ar-gull); declaring and executing it is tested with the cards that use it (tests/cards,
tests/rules)."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2003-ar-gull'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'discharge')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'discharge')
    assert ability_text(a, "en") == 'Close, spend all its tokens: discharge for X (X = 2 × the number of tokens paid).'
    assert ability_text(a, "ru") == 'Закрыться, потратить все фишки: разряд на X (X = 2 × число потраченных фишек).'
