"""Horde (``horde``, engine/effects/keywords/horde.py; 03 §4 [g-34], 01 §7.1): read by the deck rules; its schema
and text."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text

A = {"kw": "horde"}


def test_the_schema_accepts_it():
    assert check_ability(A) == []


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text(A, "en") == "Horde (up to 5 copies in a deck)."
    assert ability_text(A, "ru") == "Орда (до 5 копий в колоде)."
