"""Keyword ``value_protection`` (engine/effects/keywords/value_protection.py): an attack of the listed kinds whose
value is exactly n does nothing to the holder; other values and other kinds do; the text."""
from engine.catalogue import ability_text
from tests.cards.kit import dummy, play, seen, setup

WARD = [{"kw": "value_protection", "n": 2, "kinds": ["nonmagical"]}]


def test_value_protection_stops_only_attacks_of_that_value_and_kind():
    for n, kw, wounds in ((2, "shot", 0), (3, "shot", 3), (2, "discharge", 2)):
        g, L = setup([dummy("h", "c3", 1, life=9, abilities=WARD),
                      dummy("s", "c6", 2, abilities=[{"kw": kw, "n": n, "cost": "tap"}])], active=2)
        play(g, L, 2, act="ability", source="s", ability=0, target="h")
        assert seen(g, L, "h")["wounds"] == wounds, (n, kw)


def test_value_protection_text():
    assert ability_text(WARD[0], "en") == "Protection from non-magical attacks of value 2."
    assert ability_text(WARD[0], "ru") == "Защита от немагических атак величины 2."
