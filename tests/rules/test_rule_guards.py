"""Rules that are implemented and must stay so: each test fails when its rule is broken (played through
legal_actions and apply; exact values from the Strike Table, 02-battle.md §5)."""
from __future__ import annotations

import pytest

from engine import Game
from engine.errors import EngineError
from tests.cards.kit import settle
from tests.helpers import act, card, creature, game, pass_both
from tests.prelim_util import choose


# --- [g-54] uniqueness: one copy of a unique card in a squad ----------------------------------------------------

def _recruitment(unique: bool):
    same = creature(unique=unique, cost=1)
    cards = [{"label": "u1", "card": "Единственный", "owner": 1, "zone": "deck", "override": same},
             {"label": "u2", "card": "Единственный", "owner": 1, "zone": "deck", "override": same}]
    cards += [{"label": f"o{i}", "card": f"Other {i}", "owner": 2, "zone": "deck", "override": creature(cost=1)}
              for i in range(2)]
    g, L = Game.from_scenario({"id": "t", "seed": 1, "dice": [4, 2], "setup": {"phase": "deal", "cards": cards},
                               "steps": []})
    choose(g, g.prompt["player"], {"first": 1})
    choose(g, 1, "keep")
    choose(g, 2, "keep")
    choose(g, 1, {"recruit": L["u1"]})
    return g, L


def test_g54_a_second_copy_of_a_unique_card_cannot_be_recruited_into_the_squad():
    g, L = _recruitment(unique=True)
    assert {"act": "choose", "option": {"recruit": L["u2"]}} not in g.legal_actions(1)
    before = g.snapshot()
    with pytest.raises(EngineError):
        choose(g, 1, {"recruit": L["u2"]})
    assert g.snapshot() == before


def test_g54_two_copies_of_a_card_that_is_not_unique_may_both_be_recruited():
    g, L = _recruitment(unique=False)
    assert {"act": "choose", "option": {"recruit": L["u2"]}} in g.legal_actions(1)


# --- [g-28] clumsiness also when responding --------------------------------------------------------------------

def _fight_wounds(responder_abilities, dice):
    g, L = game([card("a", "c3", 1, override=creature(life=20, strike=(2, 3, 4))),
                 card("r", "c4", 2, override=creature(life=20, strike=(1, 2, 3), abilities=responder_abilities))],
                dice=dice)
    act(g, L, 1, act="attack", source="a", target="r")
    settle(g)  # an exchange is kept
    return g.cards[L["a"]].wounds, g.cards[L["r"]].wounds


def test_g28_clumsiness_lowers_the_responders_die_in_a_fight():
    # 4 vs 2: D = +2, medium / weak (kept); with clumsiness 4 vs 1: D = +3, medium / miss
    assert _fight_wounds([], [4, 2]) == (1, 3)
    assert _fight_wounds([{"kw": "clumsiness", "n": 1}], [4, 2]) == (0, 3)


# --- [g-30] Барака's defence experience, exact values -------------------------------------------------------------

def test_g30_baraka_responding_adds_one_to_its_die_exact_wounds():
    baraka = card("b", "c4", 2, override={}, name="vs2023-165-baraka")
    g, L = game([card("a", "c3", 1, override=creature(life=30, strike=(2, 3, 4))), baraka], dice=[4, 1])
    act(g, L, 1, act="attack", source="a", target="b")
    settle(g)
    # 4 vs 1 + 1 = 2: D = +2, the attacker's medium 3 and Барака's weak 3 (the exchange kept); without the
    # experience D = +3 would be medium / miss
    assert (g.cards[L["a"]].wounds, g.cards[L["b"]].wounds) == (3, 3)


# --- [g-51] no corpse-eating after a ranged kill -----------------------------------------------------------------

def _eater_after_kill(act_name, abilities):
    eater = creature(life=6, strike=(3, 3, 3), abilities=[{"kw": "carrion_eater"}] + abilities)
    g, L = game([card("e", "c3", 1, override=eater, wounds=3), card("v", "c4", 2, closed=True, override=creature(life=1))])
    if act_name == "attack":
        act(g, L, 1, act="attack", source="e", target="v")
    else:
        act(g, L, 1, act="shoot", source="e", target="v")
    settle(g)
    assert g.cards[L["v"]].zone == "graveyard"
    return g.cards[L["e"]].wounds


def test_g51_a_melee_kill_of_an_adjacent_enemy_heals_the_corpse_eater_completely():
    assert _eater_after_kill("attack", []) == 0


def test_g51_a_ranged_kill_gives_no_corpse_eating():
    assert _eater_after_kill("shoot", [{"kw": "shot", "strike": [3, 3, 3], "range": None, "cost": "tap"}]) == 3


# --- [g-42, g-36] regeneration and poison act only on open creatures ---------------------------------------------

def _turn_start(closed: bool):
    c = creature(life=9, abilities=[{"kw": "regeneration", "n": 1}])
    markers = {"poison": 2} | ({"skip_open": 1} if closed else {})
    g, L = game([card("c", "c2", 1, override=c, closed=closed, wounds=3, markers=markers), card("e", "c5", 2)],
                active=2)
    pass_both(g)  # player 2's main phase ends; player 1's turn starts
    settle(g)
    return g, g.cards[L["c"]]


def test_g42_g36_an_open_creature_regenerates_and_takes_its_poison_at_its_turn_start():
    g, c = _turn_start(closed=False)
    assert g.active == 1 and not c.closed and c.wounds == 3 - 1 + 2


def test_g42_g36_a_creature_that_stays_closed_neither_regenerates_nor_takes_poison():
    g, c = _turn_start(closed=True)
    assert g.active == 1 and c.closed and c.wounds == 3


# --- RULES.md S3, Q8: a trigger point given as an index -----------------------------------------------------------

def test_s3_q8_a_trigger_that_fired_twice_is_declared_with_the_trigger_point_given_as_an_index():
    storm = creature(abilities=[{"kw": "action", "cost": "tap", "effects": [
        {"kw": "wound", "n": 5, "target": "each_enemy_creature"}]}])
    watcher = creature(abilities=[{"kw": "trigger", "when": "any_creature_dies", "optional": True,
                                   "effect": {"kw": "gain_token", "n": 1, "target": "self"}}])
    g, L = game([card("s", "c2", 1, override=storm), card("w", "a1", 1, override=watcher),
                 card("v1", "b5", 2, override=creature(life=1)), card("v2", "d5", 2, override=creature(life=1)),
                 card("tough", "e6", 2, override=creature(life=9))], spare=False)
    act(g, L, 1, act="ability", source="s", ability=0)
    pass_both(g)
    if g.prompt["kind"] == "death_order":  # the owner orders the two deaths (02 §7.3)
        g.apply(2, g.legal_actions(2)[0])
    pend = [t for t in g.pending[1] if t["source"] == L["w"]]
    assert len(pend) == 2
    second = pend[1]["point"]["card"]
    offered = [a for a in g.legal_actions(1) if a["act"] == "declare" and a["source"] == L["w"]]
    assert {a.get("trigger") for a in offered} == {0, 1}
    g.apply(1, {"act": "declare", "source": L["w"], "ability": pend[1]["ability"], "trigger": 1})
    assert g.queue[-1]["point"]["card"] == second
    assert [t["point"]["card"] for t in g.pending[1] if t["source"] == L["w"]] == [pend[0]["point"]["card"]]
