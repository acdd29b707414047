"""defence_exp (engine/effects/keywords/defence_exp.py): its schema accepts the card data and its text reads in both
languages (Костедробитель, vs2003-kostedrobitel); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2003-kostedrobitel'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'defence_exp')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'defence_exp')
    assert ability_text(a, "en") == 'Defence experience 1.'
    assert ability_text(a, "ru") == 'Опыт в защите 1.'
