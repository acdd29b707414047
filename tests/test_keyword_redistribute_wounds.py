"""Redistribution (``redistribute_wounds``, engine/effects/keywords/redistribute_wounds.py): its schema accepts the card data and its text reads in
both languages (Отшельник, vs2003-otshelnik); declaring and executing it is tested with the cards that use it (tests/cards)."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2003-otshelnik'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'redistribute_wounds')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'redistribute_wounds')
    assert ability_text(a, "en") == "Move up to X (X = the wounds that creature has just received) wounds from that creature onto any creature (of that creature's squad, other than this card, not incorporeal)."
    assert ability_text(a, "ru") == 'Перенести до X (X = только что полученные им раны) ран с того существа на любое существо (из отряда того существа, не эта карта, не бестелесная).'
