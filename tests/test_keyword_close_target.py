"""Close (``close_target``, engine/effects/keywords/close_target.py; 01 §6.4 [219.1])."""
from engine.catalogue import ability_text
from tests.helpers import creature, run_effect

EFFECT = {"kw": "close_target", "target": "opposite"}


def test_executing_it_closes_the_target():
    g, L = run_effect([EFFECT], foe=creature())
    assert g.cards[L["b"]].closed


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text(EFFECT, "en") == "Close the card directly opposite."
    assert ability_text(EFFECT, "ru") == "Закрыть карту прямо напротив."
