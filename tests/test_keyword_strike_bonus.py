"""strike_bonus (engine/effects/keywords/strike_bonus.py): its schema accepts the card data and its text reads in both
languages (Дракс, vs2003-draks); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2003-draks'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'strike_bonus')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'strike_bonus')
    assert ability_text(a, "en") == '+1 to its simple strike against cards (having a discharge, a magic strike or a spell).'
    assert ability_text(a, "ru") == '+1 к простому удару против карт (имеющая разряд, магический удар или заклинание).'
