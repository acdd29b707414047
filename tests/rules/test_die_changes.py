"""Die changes: not clamped in an open-versus-open fight [104.2.a, 422.4.b]; offered for the dice of every attack
(02-battle.md §9 step 7, "Fixed windows"), e.g. Ловец удачи's luck on a shot."""
from __future__ import annotations

from tests.rules.play import card, creature, do, play, position, seen

LUCK = "vs2023-181-lovets-udachi"


def test_104_2_a_a_die_changed_in_an_open_fight_is_not_clamped():
    play("P-die-change-01")


def test_02_9_step_7_luck_changes_the_die_of_a_shot():
    play("P-die-change-02")


def test_104_2_a_a_die_lowered_below_one_in_an_open_fight_counts_as_is():
    """1 - 1 = 0 vs 2: D = -2, both miss; clamped to 1 it would be D = -1, a weak blow for the attacker."""
    g, lb = position([card("att", "Боец", 1, "c3", override=creature(strike=(2, 2, 2))), card("luck", LUCK, 2, "e4"),
                      card("enemy", "Кочевник", 2, "c4")], dice=[1, 2])
    do(g, lb, 1, act="attack", source="att", target="enemy")
    do(g, lb, 1, act="pass")
    do(g, lb, 2, act="pass")
    assert g.view(None)["prompt"]["kind"] == "window" and g.to_act() == 2
    do(g, lb, 2, act="ability", source="luck", ability=1, target="att", x=-1)
    assert seen(g, lb, "enemy")["wounds"] == 0 and seen(g, lb, "att")["wounds"] == 0


def test_02_9_a_discharge_with_fixed_strength_rolls_no_die_and_asks_nothing():
    mage = creature(abilities=[{"kw": "discharge", "n": 2, "range": None, "cost": "tap"}])
    g, lb = position([card("m", "Маг", 1, "c2", override=mage), card("luck", LUCK, 1, "a2"),
                      card("enemy", "Кочевник", 2, "c5")])
    do(g, lb, 1, act="discharge", source="m", target="enemy")
    do(g, lb, 1, act="pass")
    do(g, lb, 2, act="pass")
    assert seen(g, lb, "enemy")["wounds"] == 2 and g.view(None)["prompt"]["kind"] == "priority"


def test_a_game_asked_inside_a_shots_roll_window_restores_exactly_from_its_snapshot():
    from engine import Game
    archer = creature(abilities=[{"kw": "shot", "strike": [1, 2, 3], "range": None, "cost": "tap"}])
    g, lb = position([card("a", "Стрелок", 1, "c2", override=archer), card("luck", LUCK, 1, "a2"),
                      card("enemy", "Кочевник", 2, "c5")], dice=[3])
    do(g, lb, 1, act="shoot", source="a", target="enemy")
    do(g, lb, 1, act="pass")
    do(g, lb, 2, act="pass")
    assert g.view(None)["prompt"]["kind"] == "window"
    h = Game.restore(g.snapshot())
    assert h.snapshot() == g.snapshot() and h.legal_actions(1) == g.legal_actions(1)
    for game in (g, h):
        do(game, lb, 1, act="ability", source="luck", ability=1, target="a", x=1)
    assert g.snapshot() == h.snapshot() and seen(h, lb, "enemy")["wounds"] == 2
