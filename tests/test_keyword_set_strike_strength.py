"""Set a strike's strength (``set_strike_strength``, engine/effects/keywords/set_strike_strength.py): its schema accepts the card data and its text reads in
both languages (Ост, vs2023-005-ost); declaring and executing it is tested with the cards that use it (tests/cards)."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2023-005-ost'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'set_strike_strength')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'set_strike_strength')
    assert ability_text(a, "en") == 'Sudden. Close: effect «gift of strength» — a simple strike made by one of your creatures becomes strong.'
    assert ability_text(a, "ru") == 'Внезапно. Закрыться: воздействие «дар силы» — простой удар вашего существа становится сильным.'
