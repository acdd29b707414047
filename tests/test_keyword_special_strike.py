"""``special_strike`` (engine/effects/keywords/special_strike.py): its schema accepts the card data and its text reads in both
languages (Кшар, vs2023-002-kshar); declaring and executing it is tested with the cards that use it (tests/cards,
tests/rules)."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2023-002-kshar'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'special_strike')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'special_strike')
    assert ability_text(a, "en") == 'Close, spend 1 token: special strike «lightning lunge» for 3.'
    assert ability_text(a, "ru") == 'Закрыться, потратить 1 фишку: особый удар «молниеносный выпад» на 3.'
