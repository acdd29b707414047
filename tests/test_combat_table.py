"""The simple strike and the Strike Table (02-battle.md §4-§5 [205, 211.6, 213.4, 216.5-216.8])."""
from __future__ import annotations

import pytest

from engine.rules.strike_table import strike_table, weakened
from engine.cards.vocab import normalize_ability
from tests.helpers import act, card, creature, game, pass_both

W, M, S = 0, 1, 2
# (D, attacker result, attacker deals, responder deals, who may weaken) -- the table of §5, row by row
TABLE = [
    (7, 8, S, None, None), (5, 6, S, None, None), (4, 5, S, W, "attacker"), (3, 4, M, None, None),
    (2, 3, M, W, "attacker"), (1, 2, W, None, None), (0, 4, W, None, None), (0, 1, W, None, None),
    (0, 5, None, W, None), (0, 6, None, W, None), (-1, 1, W, None, None), (-2, 1, None, None, None),
    (-3, 1, None, W, None), (-4, 1, W, M, "responder"), (-5, 1, None, M, None), (-9, -2, None, M, None),
]


@pytest.mark.parametrize("d,a_res,att,resp,who", TABLE)
def test_205_6_strike_table_rows(d, a_res, att, resp, who):
    assert strike_table(d, a_res) == (att, resp, who)


@pytest.mark.parametrize("d,att,resp", [(4, M, None), (2, W, None), (-4, None, W)])
def test_216_7_weakening_moves_an_exchange_row_one_row_up(d, att, resp):
    assert weakened(d) == (att, resp)


def _fight(dice, a=None, t=None, **kw):
    return game([card("a", "c3", 1, override=a or creature(life=9, strike=(1, 2, 3))),
                 card("t", "c4", 2, override=t or creature(life=9, strike=(1, 2, 3)))], dice=dice, **kw)


def _strike(g, lb, src="a", tgt="t"):
    act(g, lb, 1, act="attack", source=src, target=tgt)
    pass_both(g)


def test_216_7_the_attackers_controller_chooses_on_plus_two_and_may_weaken():
    g, lb = _fight([5, 3])
    _strike(g, lb)
    assert g.prompt["kind"] == "exchange" and g.prompt["player"] == 1
    g.apply(1, {"act": "choose", "option": "weaken"})
    assert g.cards[lb["t"]].wounds == 1 and g.cards[lb["a"]].wounds == 0  # +1: weak / miss


def test_216_7_keeping_the_exchange_deals_both_blows():
    g, lb = _fight([5, 3])
    _strike(g, lb)
    g.apply(1, {"act": "choose", "option": "keep"})
    assert g.cards[lb["t"]].wounds == 2 and g.cards[lb["a"]].wounds == 1  # +2: medium / weak


def test_216_7_the_responders_controller_chooses_on_minus_four():
    g, lb = _fight([2, 6])
    _strike(g, lb)
    assert g.prompt["kind"] == "exchange" and g.prompt["player"] == 2
    g.apply(2, {"act": "choose", "option": "weaken"})
    assert g.cards[lb["t"]].wounds == 0 and g.cards[lb["a"]].wounds == 1  # -3: miss / weak


@pytest.mark.parametrize("dice,t_wounds,a_wounds", [([4, 4], 1, 0), ([5, 5], 0, 1), ([1, 1], 1, 0), ([6, 6], 0, 1)])
def test_205_6_d_zero_low_and_high_rows(dice, t_wounds, a_wounds):
    g, lb = _fight(dice)
    _strike(g, lb)
    assert (g.cards[lb["t"]].wounds, g.cards[lb["a"]].wounds) == (t_wounds, a_wounds)


def test_205_6_d_zero_uses_modified_results():
    exp = normalize_ability({"kw": "attack_exp", "n": 1})
    g, lb = _fight([4, 5], a=creature(life=9, strike=(1, 2, 3), abilities=[exp]))
    _strike(g, lb)
    assert (g.cards[lb["t"]].wounds, g.cards[lb["a"]].wounds) == (0, 1)  # 5 vs 5: both >= 5


def test_first_strike_blow_lands_first_and_a_dead_responder_deals_nothing():
    fs = normalize_ability({"kw": "first_strike"})
    g, lb = _fight([5, 3], a=creature(life=9, strike=(1, 2, 3), abilities=[fs]),
                   t=creature(life=2, strike=(4, 4, 4)))
    _strike(g, lb)
    g.apply(1, {"act": "choose", "option": "keep"})
    assert g.cards[lb["t"]].zone == "graveyard" and g.cards[lb["a"]].wounds == 0


def test_205_4_a_strike_at_a_closed_card_rolls_one_die_and_gets_no_retaliation():
    g, lb = game([card("a", "c3", 1, override=creature(life=9, strike=(1, 2, 3))),
                  card("t", "c4", 2, override=creature(life=9, strike=(5, 5, 5)), closed=True)], dice=[6])
    _strike(g, lb)
    assert g.cards[lb["t"]].wounds == 3 and g.cards[lb["a"]].wounds == 0 and g.cards[lb["t"]].closed


def test_213_4_an_artifact_is_struck_as_a_closed_card():
    g, lb = game([card("a", "c3", 1, override=creature(life=9, strike=(1, 2, 3))),
                  card("t", "c4", 2, override=creature(kind="artifact", life=9))], dice=[4])
    _strike(g, lb)
    assert g.cards[lb["t"]].wounds == 2 and g.cards[lb["a"]].wounds == 0


def test_4_5_no_retaliation_against_a_shot():
    shot = normalize_ability({"kw": "shot", "strike": [2, 2, 2], "cost": "tap"})
    g, lb = game([card("a", "c2", 1, override=creature(life=9, abilities=[shot])),
                  card("t", "c4", 2, override=creature(life=9, strike=(5, 5, 5)))])
    act(g, lb, 1, act="shoot", source="a", target="t")
    pass_both(g)
    assert g.cards[lb["t"]].wounds == 2 and g.cards[lb["a"]].wounds == 0


def _defenders(g):
    return sorted(g.prompt.get("options") or []) if g.prompt and g.prompt["kind"] == "defender" else []


def test_211_6_a_flyer_cannot_defend_against_a_ground_creatures_strike():
    g, lb = game([card("a", "c3", 1), card("t", "c4", 2), card("d", "d4", 2),
                  card("fly", None, 2, zone="aux", override=creature(flyer=True))], dice=[1, 1])
    _strike(g, lb)
    assert _defenders(g) == [lb["d"]]


def test_211_6_against_a_flyer_a_ground_creature_adjacent_to_the_target_or_a_flyer_may_defend():
    g, lb = game([card("fa", None, 1, zone="aux", override=creature(flyer=True)), card("t", "c4", 2),
                  card("d", "c5", 2), card("far", "a6", 2),
                  card("fly", None, 2, zone="aux", override=creature(flyer=True))], dice=[1, 1])
    _strike(g, lb, src="fa")
    assert _defenders(g) == sorted([lb["d"], lb["fly"]])


def test_211_6_a_strike_at_a_flyer_may_be_defended_only_by_another_flyer():
    g, lb = game([card("fa", None, 1, zone="aux", override=creature(flyer=True)),
                  card("t", None, 2, zone="aux", override=creature(flyer=True)),
                  card("fly", None, 2, zone="aux", override=creature(flyer=True)), card("g", "c4", 2)], dice=[1, 1])
    _strike(g, lb, src="fa", tgt="t")
    assert _defenders(g) == [lb["fly"]]


def test_211_8_a_ground_creature_cannot_strike_a_flyer():
    g, lb = game([card("a", "c3", 1), card("fly", None, 2, zone="aux", override=creature(flyer=True))])
    assert not any(a["act"] == "attack" and a["target"] == lb["fly"] for a in g.legal_actions(1))


def test_216_12_a_the_defender_closes_when_the_strike_is_over():
    g, lb = game([card("a", "c3", 1, override=creature(life=9)), card("t", "c4", 2), card("d", "d4", 2)],
                 dice=[1, 1])
    _strike(g, lb)
    g.apply(2, {"act": "defend", "source": lb["d"]})
    assert g.cards[lb["d"]].closed and not g.cards[lb["t"]].closed
