"""dodge_ranged (engine/effects/keywords/dodge_ranged.py): its schema accepts the card data and its text reads in both
languages (Воин храма, vs2003-voin-hrama); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2003-voin-hrama'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'dodge_ranged')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'dodge_ranged')
    assert ability_text(a, "en") == 'When it is the target of a ranged attack (not a strike through a row), roll a die: on 5 or 6 the attack does nothing.'
    assert ability_text(a, "ru") == 'Когда она цель атаки (дальняя атака, кроме: удар через ряд), бросается кубик: при 5 или 6 атака ничего не делает.'
