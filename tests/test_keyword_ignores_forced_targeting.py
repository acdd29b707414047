"""ignores_forced_targeting (engine/effects/keywords/ignores_forced_targeting.py): its schema accepts the card data and its text reads in both
languages (Повелитель молний, vs2003-povelitel-molniy); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2003-povelitel-molniy'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'ignores_forced_targeting')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'ignores_forced_targeting')
    assert ability_text(a, "en") == 'Its discharge ignores effects that force its target.'
    assert ability_text(a, "ru") == 'Её разряд не подчиняется эффектам, навязывающим цель.'
