"""Naming a pending triggered ability in a ``declare`` step (../shared/scenarios/FORMAT.md ``declare``; RULES.md S3)."""
from __future__ import annotations

from tests.rules.play import card, creature, do, play, position, seen, settle

GAINER = creature(abilities=[{"kw": "trigger", "when": "moves", "optional": True,
                              "effect": {"kw": "gain_token", "n": 1, "target": "self"}}])


def test_format_declare_names_a_trigger_by_the_vocabulary_name_of_its_effect():
    g, lb = position([card("k", "Кельпи", 1, "c3", override=GAINER)])
    do(g, lb, 1, act="move", source="k", to="c2")
    do(g, lb, 1, act="pass")
    do(g, lb, 2, act="pass")
    do(g, lb, 1, act="declare", source="k", ability="gain_token")
    settle(g)
    assert seen(g, lb, "k")["tokens"] == 1


def test_s3_one_of_two_identical_optional_triggers_is_declared_by_its_trigger_point_and_the_other_forfeited():
    play("P-trigger-name-01")


VULT = creature(life=4, abilities=[{"kw": "trigger", "when": "any_creature_dies", "optional": True,
                                    "effect": {"kw": "gain_token", "n": 1, "target": "self"}}])


def _two_deaths():
    g, lb = position([card("att", "Кочевник", 1, "c3", wounds=7), card("enemy", "Кочевник", 2, "c4", wounds=7),
                      card("v", "Стервятник", 1, "b1", override=VULT)], dice=[4, 2])
    do(g, lb, 1, act="attack", source="att", target="enemy")
    do(g, lb, 1, act="pass")
    do(g, lb, 2, act="pass")
    do(g, lb, 1, act="choose", option="keep")
    assert g.view(1)["prompt"]["kind"] == "triggers"
    return g, lb


def test_s3_the_trigger_point_may_still_be_given_as_an_index():
    g, lb = _two_deaths()
    do(g, lb, 1, act="declare", source="v", ability="trigger", trigger=1)
    assert len(g.view(1)["prompt"]["pending"]) == 1


def test_s3_a_trigger_point_name_that_matches_no_pending_trigger_is_refused():
    import pytest

    from engine import EngineError
    g, lb = _two_deaths()
    before = g.snapshot()
    with pytest.raises(EngineError):
        do(g, lb, 1, act="declare", source="v", ability="trigger", trigger="p2_spare")
    assert g.snapshot() == before


def test_format_order_names_two_triggers_of_one_card_by_their_ability_names():
    play("P-order-names-01")


def test_s3_order_lists_every_order_of_two_triggers_of_one_card():
    twin = creature(move=2, abilities=[
        {"kw": "trigger", "when": "moves", "optional": False, "effect": {"kw": "gain_token", "n": 1, "target": "self"}},
        {"kw": "trigger", "when": "moves", "optional": False, "effect": {"kw": "heal", "n": 1, "target": "self"}}])
    g, lb = position([card("t", "Двойник", 1, "c2", override=twin)])
    do(g, lb, 1, act="move", source="t", to="c3")
    do(g, lb, 1, act="pass")
    do(g, lb, 2, act="pass")
    orders = [a["items"] for a in g.legal_actions(1) if a["act"] == "order"]
    assert len(orders) == 2 and orders[0] == list(reversed(orders[1]))


def test_format_declare_names_a_trigger_by_its_format_trigger_point():
    g, lb = _two_deaths()
    do(g, lb, 1, act="declare", source="v", ability="any_creature_dies", trigger="att")
    assert len(g.view(1)["prompt"]["pending"]) == 1
