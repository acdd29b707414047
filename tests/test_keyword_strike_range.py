"""Simple strike at range (``strike_range``, 03 §3.2 [g-11]), the keyword defined in
engine/effects/keywords/strike_range.py: its simple strike may be declared at a battlefield card within range."""
from __future__ import annotations

from engine.catalogue import ability_text
from engine.cards.vocab import check_ability
from tests.helpers import act, card, creature, game, pass_both

LONG = creature(strike=(2, 2, 2), abilities=[{"kw": "strike_range", "range": 2}])


def _targets(g, L):
    return {a["target"] for a in g.legal_actions(1) if a["act"] == "attack" and a["source"] == L["s"]}


def test_the_form_checks_against_the_vocabulary():
    assert check_ability({"kw": "strike_range", "range": 2}) == [] and check_ability({"kw": "strike_range"}) != []


def test_it_may_strike_two_cells_away_diagonals_included_and_not_three():
    g, L = game([card("s", "c2", 1, override=LONG), card("a", "c4", 2), card("b", "e4", 2), card("c", "c5", 2)],
                dice=[4, 1])
    assert {L["a"], L["b"]} <= _targets(g, L) and L["c"] not in _targets(g, L)
    act(g, L, 1, act="attack", source="s", target="a")
    pass_both(g)
    assert g.cards[L["a"]].wounds == 2


def test_without_it_only_adjacent_cards():
    g, L = game([card("s", "c2", 1), card("a", "c4", 2), card("n", "c3", 2)])
    assert _targets(g, L) == {L["n"]}


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text({"kw": "strike_range", "range": 2}, "en") == "It may make simple strikes at cards up to range 2."
    assert ability_text({"kw": "strike_range", "range": 2}, "ru").startswith("Может наносить простые удары")
