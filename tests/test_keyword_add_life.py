"""Add life (``add_life``, engine/effects/keywords/add_life.py; 01 §3.5 [204])."""
from engine.catalogue import ability_text
from tests.helpers import run_effect

EFFECT = {"kw": "add_life", "n": 2, "target": "self"}


def test_executing_it_adds_additional_life():
    g, L = run_effect([EFFECT])
    a = g.cards[L["a"]]
    assert a.markers.get("additional_life") == 2 and g.life(a) == 6


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text(EFFECT, "en") == "Give itself 2 additional life."
    assert ability_text(EFFECT, "ru") == "Добавить 2 дополнительную жизнь для себя."
