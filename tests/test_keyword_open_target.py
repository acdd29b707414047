"""Open (``open_target``, engine/effects/keywords/open_target.py; 01 §6.4 [219.2])."""
from engine.catalogue import ability_text
from tests.helpers import run_effect

EFFECT = {"kw": "open_target", "target": "self"}


def test_executing_it_opens_the_card_that_closed_to_pay():
    g, L = run_effect([EFFECT])
    assert not g.cards[L["a"]].closed


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text(EFFECT, "en") == "Open itself."
    assert ability_text(EFFECT, "ru") == "Открыть себя."
