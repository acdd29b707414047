"""ignores_protection (engine/effects/keywords/ignores_protection.py): its schema accepts the card data and its text reads in both
languages (Мантикора, vs2023-021-mantikora); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2023-021-mantikora'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'ignores_protection')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'ignores_protection')
    assert ability_text(a, "en") == "Ignores the target's protection from flyers' attacks."
    assert ability_text(a, "ru") == 'Игнорирует у цели защиту от атак летающих существ.'
