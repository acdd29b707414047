"""``choose_one`` (engine/effects/keywords/choose_one.py): its schema accepts the card data and its text reads in both
languages (Овражный гном, vs2003-ovrazhny-gnom); declaring and executing it is tested with the cards that use it (tests/cards,
tests/rules)."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2003-ovrazhny-gnom'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'choose_one')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'choose_one')
    assert ability_text(a, "en") == "The attacked card's controller chooses: close the attacked card or wound the attacked card for 2 (not an attack)."
    assert ability_text(a, "ru") == 'Владелец атакованной карты выбирает: закрыть атакованную карту или ранить атакованную карту на 2 (это не атака).'
