"""Destruction (``destroy``, engine/effects/keywords/destroy.py; 03 §5 destroy [g-94])."""
from engine.catalogue import ability_text
from tests.helpers import creature, run_effect

EFFECT = {"kw": "destroy", "target": "opposite"}


def test_executing_it_destroys_the_target():
    g, L = run_effect([EFFECT], foe=creature(life=9))
    assert g.cards[L["b"]].zone == "graveyard"


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text(EFFECT, "en") == "Destroy the card directly opposite."
    assert ability_text({"kw": "destroy", "target": "self"}, "ru") == "Уничтожить эту карту."
