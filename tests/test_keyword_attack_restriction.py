"""attack_restriction (engine/effects/keywords/attack_restriction.py): its schema accepts the card data and its text reads in both
languages (Циклоп, vs2023-101-tsiklop); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2023-101-tsiklop'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'attack_restriction')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'attack_restriction')
    assert ability_text(a, "en") == 'Its simple strike may target only cards (directly opposite this card).'
    assert ability_text(a, "ru") == 'Её простой удар может быть направлен только на одну из карт (прямо напротив).'
