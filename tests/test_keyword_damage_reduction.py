"""damage_reduction (engine/effects/keywords/damage_reduction.py): its schema accepts the card data and its text reads in both
languages (Эльфийский воин, vs2003-elfiyskiy-voin); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2003-elfiyskiy-voin'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'damage_reduction')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'damage_reduction')
    assert ability_text(a, "en") == 'Takes 1 fewer wound from attacks made by cards (of element Steppes).'
    assert ability_text(a, "ru") == 'Получает на 1 рану меньше от атак со стороны карт (стихия Степи).'
