"""``throw`` (engine/effects/keywords/throw.py): its schema accepts the card data and its text reads in both
languages (Мразень, vs2003-mrazen); declaring and executing it is tested with the cards that use it (tests/cards,
tests/rules)."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2003-mrazen'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'throw')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'throw')
    assert ability_text(a, "en") == 'Close: throw «icicles» for 1-2-2.'
    assert ability_text(a, "ru") == 'Закрыться: метание «сосульки» на 1-2-2.'
