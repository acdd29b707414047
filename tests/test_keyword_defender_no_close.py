"""defender_no_close (engine/effects/keywords/defender_no_close.py): its schema accepts the card data and its text reads in both
languages (Лёккен, vs2023-085-lekken); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2023-085-lekken'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'defender_no_close')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'defender_no_close')
    assert ability_text(a, "en") == 'Does not close when it acts as a defender; it may defend any number of times per turn.'
    assert ability_text(a, "ru") == 'Не закрывается, когда становится защитником; может защищать сколько угодно раз за ход.'
