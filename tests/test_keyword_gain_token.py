"""Put tokens (``gain_token``, engine/effects/keywords/gain_token.py; 01 §6.2 [218.5])."""
from engine.catalogue import ability_text
from tests.helpers import run_effect

EFFECT = {"kw": "gain_token", "n": 2, "target": "self"}


def test_executing_it_puts_the_tokens_on_the_target():
    g, L = run_effect([EFFECT])
    assert g.cards[L["a"]].tokens == 2


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text(EFFECT, "en") == "Put 2 tokens on itself."
    assert ability_text(EFFECT, "ru") == "Положить 2 фишки на себя."
