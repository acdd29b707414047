"""Rulings where the rules are silent or doubtful; each is recorded in docs/rules-decisions.md."""
from __future__ import annotations

from tests.rules.play import card, creature, do, legal, play, position, seen, settle


def test_q7_an_on_death_attack_has_no_legal_target_from_the_graveyard_and_lapses():
    """Степной волколак: RULES.md Q7 / 01 §5.7 void an attack whose source left play; from the graveyard its
    on-death special strike has no legal target, so the mandatory trigger lapses (Q5.1)."""
    play("P-death-strike-01")


def test_qx10_once_per_turn_sudden_used_in_own_turn_is_not_usable_in_the_opponents_turn():
    play("P-once-per-turn-01")


def test_qx10_once_per_turn_sudden_used_in_the_opponents_turn_is_usable_again_in_its_own_turn():
    play("P-once-per-turn-02")


def test_s4_wounds_paid_as_a_cost_are_not_prevented_and_may_not_kill_the_payer():
    play("P-wound-cost-01")


def test_02_6_a_shot_with_no_printed_range_reaches_adjacent_and_distant_cards():
    play("P-default-range-01")


def test_02_6_a_throw_and_a_discharge_with_no_printed_range_reach_any_card_in_play():
    abil = [{"kw": "throw", "strike": [1, 1, 1], "range": None, "cost": "tap"},
            {"kw": "discharge", "strike": [1, 1, 1], "range": None, "cost": "tap"}]
    g, lb = position([card("t", "Метатель", 1, "c3", override=creature(abilities=abil)),
                      card("near", "Кочевник", 2, "d4"), card("far", "Кочевник", 2, "a6")])
    for i in (0, 1):
        for target in ("near", "far", "p2_spare"):
            assert legal(g, lb, 1, act="ability", source="t", ability=i, target=target)


def test_ouri_any_move_ending_next_to_a_costly_friend_fires_even_from_next_to_it():
    play("P-moves-next-to-01")


def test_brontobey_each_move_grants_its_bonus_but_two_moves_do_not_add_up():
    g, lb = position([card("b", "vs2023-030-brontobey", 1, "c1"), card("e", "Кочевник", 2, "c4", closed=True)],
                     dice=[1])
    for to in ("c2", "c3"):
        do(g, lb, 1, act="move", source="b", to=to)
        settle(g)
    do(g, lb, 1, act="attack", source="b", target="e")
    settle(g)
    # weak 2, +1 for opposite, +1 from moving (once): 4; attack experience 2 makes the die 1 + 2 = 3, still weak
    assert seen(g, lb, "e")["wounds"] == 4


def test_218_6_a_token_gain_at_the_maximum_is_declared_and_gains_nothing():
    play("P-token-max-01")


def test_205_3_g35_no_defender_against_a_special_strike():
    play("P-special-defender-01")


def test_g53_strike_across_a_row_at_a_symbiote():
    play("P-row-symbiote-01")


def test_02_7_3_cards_of_one_owner_killed_by_one_effect_enter_the_graveyard_in_its_target_order():
    """Аколит Дзара-like discharge at two creatures (targets listed in order): the first dies first, so the second
    ends on top (02-battle.md §7.3 [PROPOSAL])."""
    mage = creature(abilities=[{"kw": "discharge", "strike": [3, 3, 3], "range": None, "cost": "tap",
                                "target": {"choose": "creature", "side": "enemy", "count": 2}}])
    g, lb = position([card("m", "Маг", 1, "c2", override=mage), card("x", "Кочевник", 2, "b5", wounds=6),
                      card("y", "Кочевник", 2, "d5", wounds=6)])
    targets = sorted([lb["x"], lb["y"]])
    g.apply(1, {"act": "ability", "source": lb["m"], "ability": 0, "targets": targets})
    settle(g)
    assert g.view(None)["players"]["2"]["graveyard"] == list(reversed(targets))


def test_02_7_3_the_owner_orders_several_of_their_cards_killed_by_an_each_effect():
    play("P-graveyard-order-01")
