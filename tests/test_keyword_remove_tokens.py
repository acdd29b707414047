"""Lose tokens (``remove_tokens``, engine/effects/keywords/remove_tokens.py; 01 §6.2 [218]): an effect, not a
payment."""
from engine.catalogue import ability_text
from tests.helpers import run_effect

EFFECT = {"kw": "remove_tokens", "n": 2, "target": "self"}


def test_executing_it_removes_at_most_n_tokens():
    g, L = run_effect([EFFECT], tokens=3)
    assert g.cards[L["a"]].tokens == 1


def test_all_removes_every_token():
    g, L = run_effect([{"kw": "remove_tokens", "n": "all", "target": "self"}], tokens=3)
    assert g.cards[L["a"]].tokens == 0


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text(EFFECT, "en") == "It loses 2 tokens."
    assert ability_text(EFFECT, "ru") == "Она теряет 2 фишки."
