"""Grant abilities (``grant``, engine/effects/keywords/grant.py; 03 §1.5 acquired abilities [407, 418])."""
from engine.catalogue import ability_text
from tests.helpers import run_effect

EFFECT = {"kw": "grant", "target": "self", "abilities": [{"kw": "armour", "n": 1}], "until": "end_of_turn"}


def test_executing_it_gives_the_target_the_abilities():
    g, L = run_effect([EFFECT])
    assert any(a.get("kw") == "armour" for a in g.cards[L["a"]].acquired)


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text(EFFECT, "en") == "It gets: armour 1 until the end of the turn."
    assert ability_text(EFFECT, "ru") == "Она получает: броня 1 до конца хода."
