"""extra_attack (engine/effects/keywords/extra_attack.py): its schema accepts the card data and its text reads in both
languages (Минотавр, vs2023-034-minotavr); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2023-034-minotavr'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'extra_attack')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'extra_attack')
    assert ability_text(a, "en") == 'May make a simple strike 2 times per turn; it does not close after the first.'
    assert ability_text(a, "ru") == 'Может наносить простой удар 2 раза за ход; после первого не закрывается.'
