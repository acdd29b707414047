"""First strike (``first_strike``, engine/effects/keywords/first_strike.py; 02 §4.5): read by
engine/rules/keywords.py; its schema and text."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from engine.rules.keywords import first_strike
from tests.helpers import card, creature, game

A = {"kw": "first_strike"}


def test_a_card_with_it_strikes_first():
    g, L = game([card("a", "c2", 1, override=creature(abilities=[A])), card("b", "c3", 2)])
    assert check_ability(A) == []
    assert first_strike(g.state, g.cards[L["a"]]) and not first_strike(g.state, g.cards[L["b"]])


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text(A, "en") == "First strike (its blow lands first in a fight)."
    assert ability_text(A, "ru") == "Первый удар (её удар в схватке наносится первым)."
