"""Accumulate a token (``accumulate_token``, engine/effects/keywords/accumulate_token.py): its schema accepts the card data and its text reads in
both languages (Ар-Гулль, vs2003-ar-gull); declaring and executing it is tested with the cards that use it (tests/cards)."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2003-ar-gull'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'accumulate_token')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'accumulate_token')
    assert ability_text(a, "en") == 'Close: gain 1 token.'
    assert ability_text(a, "ru") == 'Закрыться: получить 1 фишку.'
