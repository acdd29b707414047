"""unanswerable_strike (engine/effects/keywords/unanswerable_strike.py): its schema accepts the card data and its text reads in both
languages (Владыка небес, vs2023-068-vladyka-nebes); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2023-068-vladyka-nebes'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'unanswerable_strike')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'unanswerable_strike')
    assert ability_text(a, "en") == "Unanswered strike against cards (with a 'prey' marker)."
    assert ability_text(a, "ru") == 'Безответный удар против карт (с маркером «добыча»).'
