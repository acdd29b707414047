"""clumsiness (engine/effects/keywords/clumsiness.py): its schema accepts the card data and its text reads in both
languages (Волот, vs2023-200-volot); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2023-200-volot'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'clumsiness')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'clumsiness')
    assert ability_text(a, "en") == 'Clumsiness 1 (−1 to its roll when it strikes or answers a melee strike).'
    assert ability_text(a, "ru") == 'Неповоротливость 1 (−1 к броску, когда она бьёт или отвечает на удар).'
