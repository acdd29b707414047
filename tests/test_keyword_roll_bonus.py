"""roll_bonus (engine/effects/keywords/roll_bonus.py): its schema accepts the card data and its text reads in both
languages (Ижор, vs2023-103-izhor); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2023-103-izhor'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'roll_bonus')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'roll_bonus')
    assert ability_text(a, "en") == "+1 to its die roll when it attacks against cards (enemy, in its controller's row 2)."
    assert ability_text(a, "ru") == '+1 к броску кубика, когда она атакует против карт (вражеская, в 2-м ряду своего владельца).'
