"""Punish a roll (``roll_punish``, engine/effects/keywords/roll_punish.py): its schema accepts the card data and its text reads in
both languages (Взрывная Мэри, vs2023-174-vzryvnaya-meri); declaring and executing it is tested with the cards that use it (tests/cards)."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2023-174-vzryvnaya-meri'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'roll_punish')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'roll_punish')
    assert ability_text(a, "en") == 'Sudden. Close: effect «black spot» — when a die of a fight shows 1, wound the creature that rolled it for 2 (not an attack).'
    assert ability_text(a, "ru") == 'Внезапно. Закрыться: воздействие «чёрная метка» — когда на кубике схватки выпадает 1, ранить бросившее его существо на 2 (это не атака).'
