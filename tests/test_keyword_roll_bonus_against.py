"""roll_bonus_against (engine/effects/keywords/roll_bonus_against.py): its schema accepts the card data and its text reads in both
languages (Хозяйка прайда, vs2023-009-hozyayka-prayda); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2023-009-hozyayka-prayda'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'roll_bonus_against')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'roll_bonus_against')
    assert ability_text(a, "en") == 'The attacking creatures of the player who gave it add 1 to their die roll against it.'
    assert ability_text(a, "ru") == 'Атакующие её существа давшего это игрока получают +1 к броску кубика.'
