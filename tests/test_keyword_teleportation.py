"""Teleportation (телепортация) [g-48, 203.12-203.13], the keyword defined in engine/effects/keywords/teleportation.py:
a named movement to any unoccupied cell, for an open creature without a subtype that has not moved or acted."""
from __future__ import annotations

from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from engine.model.board import CELLS
from tests.helpers import act, card, creature, game, pass_both

TELEPORTER = creature(abilities=[{"kw": "teleportation"}], move=1)


def _teleports(g, labels) -> list[dict]:
    return [a for a in g.legal_actions(1) if a.get("act") == "ability" and a.get("source") == labels["t"]]


def test_the_data_form_gets_the_cost_of_a_named_movement_all_movement_and_no_closing():
    a = normalize_ability({"kw": "teleportation"})
    assert a["cost"] == {"tap": False, "tokens": 0, "movement": "all"} and a["sudden"] is False
    assert check_ability(a) == []


def test_an_open_creature_that_has_not_moved_may_teleport_to_every_unoccupied_cell():
    g, labels = game([card("t", "c2", 1, override=TELEPORTER), card("foe", "c4", 2)])
    targets = sorted(a["to"] for a in _teleports(g, labels))
    assert targets == sorted(c for c in CELLS if c not in g.board)


def test_teleporting_is_movement_it_moves_the_card_and_spends_all_its_movement():
    g, labels = game([card("t", "c2", 1, override=TELEPORTER), card("foe", "c4", 2)])
    a = next(x for x in _teleports(g, labels) if x["to"] == "a5")
    act(g, labels, 1, **a)
    pass_both(g)
    t = g.cards[labels["t"]]
    assert t.cell == "a5" and g.board["a5"] == t.id
    assert any(e["type"] == "moved" and e["card"] == t.id and e["to"] == "a5" for e in g.events)
    assert not [x for x in g.legal_actions(1) if x.get("source") == t.id and x["act"] == "move"]


def test_a_creature_that_has_moved_this_turn_cannot_teleport():
    g, labels = game([card("t", "c2", 1, override=TELEPORTER), card("foe", "c5", 2)])
    act(g, labels, 1, act="move", source="t", to="c3")
    assert not _teleports(g, labels)


def test_a_closed_creature_cannot_teleport():
    g, labels = game([card("t", "c2", 1, override=TELEPORTER, closed=True), card("foe", "c5", 2)])
    assert not _teleports(g, labels)


def test_the_catalogue_says_it_in_both_languages():
    a = normalize_ability({"kw": "teleportation"})
    assert ability_text(a, "en").startswith("Spend all movement: teleportation")
    assert ability_text(a, "ru").startswith("Потратить всё движение: телепортация")
