"""Acting and moving: a card action closes the card and ends its movement for the turn [g-69]; a strike made
without closing [g-78] does not (03-abilities.md §2.1; 01-game-and-cards.md §6.4)."""
from __future__ import annotations

from tests.rules.play import card, creature, do, legal, play, position, settle

RIDER = creature(strike=(2, 2, 2), move=2, abilities=[{"kw": "no_close_on_attack"}])


def test_g78_a_card_whose_strike_did_not_close_it_may_still_move():
    play("P-no-close-move-01")


def test_g69_g70_a_card_acting_twice_per_turn_cannot_move_after_its_first_strike():
    play("P-no-close-move-02")


def test_g78_after_a_strike_without_closing_the_card_may_still_use_a_closing_ability():
    rider = dict(RIDER, abilities=RIDER["abilities"] + [{"kw": "heal", "n": 1, "target": "self", "cost": "tap"}])
    g, lb = position([card("r", "Наездник", 1, "c3", wounds=1, override=rider),
                      card("e", "Кочевник", 2, "c4", closed=True)])
    do(g, lb, 1, act="attack", source="r", target="e")
    settle(g)
    assert legal(g, lb, 1, act="ability", source="r", ability=1)


def test_g69_a_closing_strike_still_ends_movement_for_the_turn():
    g, lb = position([card("a", "Кочевник", 1, "c3"), card("e", "Кочевник", 2, "c4", closed=True)], dice=[4])
    do(g, lb, 1, act="attack", source="a", target="e")
    settle(g)
    assert not legal(g, lb, 1, act="move", source="a", to="b3")
