"""range_bonus (engine/effects/keywords/range_bonus.py): its schema accepts the card data and its text reads in both
languages (Посвященный Дзара, vs2023-024-posvyashchenny-dzara); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2023-024-posvyashchenny-dzara'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'range_bonus')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'range_bonus')
    assert ability_text(a, "en") == '+1 to the range of its discharge.'
    assert ability_text(a, "ru") == '+1 к дальности: разряд.'
