"""directed_strike (engine/effects/keywords/directed_strike.py): its schema accepts the card data and its text reads in both
languages (Дракс, vs2003-draks); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2003-draks'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'directed_strike')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'directed_strike')
    assert ability_text(a, "en") == 'Directed strike.'
    assert ability_text(a, "ru") == 'Направленный удар.'
