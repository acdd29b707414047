"""Cancel a strike (``block_strike``, engine/effects/keywords/block_strike.py): its schema accepts the card data and its text reads in
both languages (Кобольд, vs2003-kobold); declaring and executing it is tested with the cards that use it (tests/cards)."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2003-kobold'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'block_strike')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'block_strike')
    assert ability_text(a, "en") == 'Sudden. Close: effect «shield block» — cancel a simple strike aimed at this card, before the dice are rolled (not while it is a defender).'
    assert ability_text(a, "ru") == 'Внезапно. Закрыться: воздействие «щитовой блок» — отменить простой удар, направленный в эту карту, до броска кубиков (но не когда она защитник).'
