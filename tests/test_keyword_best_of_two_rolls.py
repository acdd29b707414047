"""best_of_two_rolls (engine/effects/keywords/best_of_two_rolls.py): its schema accepts the card data and its text reads in both
languages (Воин храма, vs2003-voin-hrama); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2003-voin-hrama'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'best_of_two_rolls')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'best_of_two_rolls')
    assert ability_text(a, "en") == 'In a simple strike fight, attacking or defending, it rolls the die twice and keeps the better result.'
    assert ability_text(a, "ru") == 'В схватке (простой удар), нападая или защищаясь, бросает кубик дважды и берёт лучший результат.'
