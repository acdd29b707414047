"""A dead card keeps its markers until its own on-death abilities have executed: 01-game-and-cards.md §5.6,
§6.1; 02-battle.md §7.2; 03-abilities.md §5 ``on_death`` [g-87]."""
from __future__ import annotations

from tests.rules.play import card, creature, do, play, position, seen, settle


def test_g87_dead_card_keeps_wounds_tokens_and_markers_until_its_on_death_ability_executed():
    play("P-on-death-01")


def test_g87_dead_card_without_on_death_ability_loses_its_markers_at_once():
    play("P-on-death-02")


def test_g87_forfeiting_the_optional_on_death_ability_clears_the_markers():
    play("P-on-death-03")


def test_g87_the_graveyard_view_shows_the_kept_wounds_until_the_ability_executed():
    mage = creature(abilities=[{"kw": "magic_strike", "n": 5, "cost": "tap"}])
    avenger = creature(life=2, abilities=[{"kw": "trigger", "when": "dies", "optional": False,
                                          "effect": {"kw": "wound", "n": 1, "target": "each_enemy_creature"}}])
    g, lb = position([card("mage", "Маг", 1, "c3", override=mage), card("av", "Мститель", 2, "c4", tokens=1,
                                                                       override=avenger)])
    do(g, lb, 1, act="ability", source="mage", ability=0, target="av")
    do(g, lb, 1, act="pass")
    do(g, lb, 2, act="pass")
    v = seen(g, lb, "av")
    assert v["zone"] == "graveyard" and v["wounds"] == 5 and v["tokens"] == 1
    settle(g)
    v = seen(g, lb, "av")
    assert v["wounds"] == 0 and v["tokens"] == 0 and seen(g, lb, "mage")["wounds"] == 1
