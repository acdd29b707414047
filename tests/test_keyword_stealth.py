"""stealth (03 §4 ``stealth`` [g-43]): the card fits the card schema and is said in both languages; staying face
down through the Reveal is read by the preliminary phase (tests/test_prelim.py covers face-down cards)."""
from __future__ import annotations

from engine.catalogue import ability_text
from engine.cards.vocab import check_ability


def test_it_fits_the_schema_and_has_its_text():
    assert check_ability({"kw": "stealth"}) == [] and check_ability({"kw": "stealth", "n": 1})
    assert ability_text({"kw": "stealth"}, "ru") != ability_text({"kw": "stealth"}, "en")
