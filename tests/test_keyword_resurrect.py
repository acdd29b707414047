"""Resurrection (``resurrect``, engine/effects/keywords/resurrect.py): its schema accepts the card data and its text reads in
both languages (Некромант, vs2003-nekromant); declaring and executing it is tested with the cards that use it (tests/cards)."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2003-nekromant'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'resurrect')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'resurrect')
    assert ability_text(a, "en") == 'Close, spend 4 tokens (once per battle in total for these abilities): resurrect one of the cards (a creature, elite) from your graveyard onto a free cell next to this card, closed.'
    assert ability_text(a, "ru") == 'Закрыться, потратить 4 фишки (один раз за бой на все такие способности вместе): возродить одну из карт (существо, элитная) из вашего кладбища на свободную клетку рядом с этой картой, закрытой.'
