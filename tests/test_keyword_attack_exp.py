"""attack_exp (engine/effects/keywords/attack_exp.py): its schema accepts the card data and its text reads in both
languages (Эльфийский воин, vs2003-elfiyskiy-voin); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2003-elfiyskiy-voin'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'attack_exp')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'attack_exp')
    assert ability_text(a, "en") == 'Attack experience 1.'
    assert ability_text(a, "ru") == 'Опыт в атаке 1.'
