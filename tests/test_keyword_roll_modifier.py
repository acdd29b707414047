"""Change a roll (``roll_modifier``, engine/effects/keywords/roll_modifier.py): its schema accepts the card data and its text reads in
both languages (Ловец удачи, vs2023-181-lovets-udachi); declaring and executing it is tested with the cards that use it (tests/cards)."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2023-181-lovets-udachi'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'roll_modifier')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'roll_modifier')
    assert ability_text(a, "en") == 'Sudden. Close: effect «luck» — change any die roll: add 1, subtract 1 or roll it again.'
    assert ability_text(a, "ru") == 'Внезапно. Закрыться: воздействие «удача» — изменить любой бросок кубика: прибавить 1, отнять 1 или перебросить его.'
