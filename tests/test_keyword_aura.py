"""aura (engine/effects/keywords/aura.py): its schema accepts the card data and its text reads in both
languages (Щитоносец, vs2023-019-shchitonosets); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2023-019-shchitonosets'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'aura')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'aura')
    assert ability_text(a, "en") == 'Cards (yours, a creature, of element Steppes, standing directly left or right of this card) have: takes 1 fewer wound from ranged attacks.'
    assert ability_text(a, "ru") == 'Карты (ваша, существо, стихия Степи, стоящая сразу слева или справа от этой карты) получают: получает на 1 рану меньше от дальних атак.'
