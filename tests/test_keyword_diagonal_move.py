"""Diagonal movement (``diagonal_move``, 01 §3.4), the keyword defined in engine/effects/keywords/diagonal_move.py:
its steps may also go to diagonally adjacent free cells."""
from __future__ import annotations

from engine.catalogue import ability_text
from engine.cards.vocab import check_ability
from tests.helpers import act, card, creature, game, pass_both


def _to(g, L):
    return sorted(a["to"] for a in g.legal_actions(1) if a["act"] == "move" and a["source"] == L["m"])


def test_the_form_checks_against_the_vocabulary():
    assert check_ability({"kw": "diagonal_move"}) == [] and check_ability({"kw": "diagonal_move"}, "grant") == []


def test_it_is_offered_the_diagonal_cells_and_a_diagonal_step_moves_it():
    g, L = game([card("m", "c2", 1, override=creature(abilities=[{"kw": "diagonal_move"}])), card("o", "b3", 1),
                 card("foe", "a5", 2)])
    assert _to(g, L) == ["b1", "b2", "c1", "c3", "d1", "d2", "d3"]
    act(g, L, 1, act="move", source="m", to="d3")
    pass_both(g)
    assert g.cards[L["m"]].cell == "d3" and _to(g, L) == []  # one step spent


def test_without_it_only_orthogonal_cells():
    g, L = game([card("m", "c2", 1), card("foe", "a5", 2)])
    assert _to(g, L) == ["b2", "c1", "c3", "d2"]


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text({"kw": "diagonal_move"}, "en") == "It can move diagonally."
    assert ability_text({"kw": "diagonal_move"}, "ru") == "Может перемещаться по диагонали."
