"""flyer_taunt (engine/effects/keywords/flyer_taunt.py): its schema accepts the card data and its text reads in both
languages (Паук-пересмешник, vs2003-pauk-peresmeshnik); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2003-pauk-peresmeshnik'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'flyer_taunt')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'flyer_taunt')
    assert ability_text(a, "en") == 'Enemy flyers may attack only this card.'
    assert ability_text(a, "ru") == 'Вражеские летающие существа могут атаковать только эту карту.'
