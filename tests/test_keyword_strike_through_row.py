"""``strike_through_row`` (engine/effects/keywords/strike_through_row.py): its schema accepts the card data and its text reads in both
languages (Ледяной охотник, vs2003-ledyanoy-ohotnik); declaring and executing it is tested with the cards that use it (tests/cards,
tests/rules)."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2003-ledyanoy-ohotnik'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'strike_through_row')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'strike_through_row')
    assert ability_text(a, "en") == 'Close: strike through a row for 2-3-4.'
    assert ability_text(a, "ru") == 'Закрыться: удар через ряд на 2-3-4.'
