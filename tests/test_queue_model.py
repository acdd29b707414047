"""RULES.md Q1-Q11 worked examples QX1-QX10 and the seed rules S3/S4, one behaviour per test."""
import pytest

from engine import EngineError
from tests.helpers import act, card, creature, game, pass_both

GAIN_ON_DEATH = {"kw": "trigger", "when": "any_creature_dies", "optional": False,
                 "effect": {"kw": "gain_token", "n": 1, "target": "self"}}
X_MAGIC = {"kw": "magic_strike", "n": "X", "cost": "X tokens"}


SUDDEN_X = dict(X_MAGIC, sudden=True)


def _mage(tokens=3, extra=(), sudden=False):
    return card("mage", "c3", 1, tokens=tokens, override=creature(abilities=[SUDDEN_X if sudden else X_MAGIC, *extra]))


def test_qx1_fifo_head_executes_first_and_completely():
    g, L = game([_mage(tokens=3, sudden=True), card("v", "c4", 2, override=creature(life=5))])
    act(g, L, 1, act="magic_strike", source="mage", target="v", x=1)
    act(g, L, 1, act="magic_strike", source="mage", target="v", x=2)
    assert [e["x"] for e in g.queue] == [1, 2]
    pass_both(g)
    assert g.cards[L["v"]].wounds == 1 and [e["x"] for e in g.queue] == [2]
    pass_both(g)
    assert g.cards[L["v"]].wounds == 3 and g.queue == []


def test_qx2_simultaneous_triggers_inactive_first_each_in_its_order():
    cards = [_mage(tokens=2), card("v", "c4", 2, override=creature(life=2))]
    cards += [card(n, c, o, override=creature(abilities=[GAIN_ON_DEATH]))
              for n, c, o in (("a1", "a1", 1), ("a2", "b1", 1), ("b1", "a6", 2), ("b2", "b6", 2))]
    g, L = game(cards)
    act(g, L, 1, act="magic_strike", source="mage", target="v", x=2)
    pass_both(g)
    assert g.to_act() == 2 and g.prompt["kind"] == "triggers"
    act(g, L, 2, act="order", items=[L["b2"], L["b1"]])
    act(g, L, 1, act="order", items=[L["a1"], L["a2"]])
    assert [e["source"] for e in g.queue] == [L["b2"], L["b1"], L["a1"], L["a2"]]


def test_qx3_passed_optional_trigger_is_forfeited_until_its_condition_recurs():
    opt = dict(GAIN_ON_DEATH, optional=True)
    g, L = game([_mage(tokens=2), card("v1", "c4", 2, override=creature(life=1)),
                 card("v2", "b4", 2, override=creature(life=1)),
                 card("vulture", "a6", 2, override=creature(abilities=[opt]))])
    act(g, L, 1, act="magic_strike", source="mage", target="v1", x=1)
    pass_both(g)
    g.apply(2, {"act": "pass"})  # forfeits the optional trigger
    assert g.queue == [] and g.pending[2] == []
    act(g, L, 1, act="magic_strike", source="mage", target="v2", x=1)
    pass_both(g)
    assert g.prompt["kind"] == "triggers" and g.pending[2][0]["source"] == L["vulture"]


def test_qx4_trigger_from_execution_joins_tail_behind_waiting_entries():
    g, L = game([_mage(tokens=3, sudden=True), card("v", "c4", 2, override=creature(life=1)),
                 card("mourner", "b4", 2, override=creature(abilities=[GAIN_ON_DEATH]))])
    act(g, L, 1, act="magic_strike", source="mage", target="v", x=1)
    act(g, L, 1, act="magic_strike", source="mage", target="mourner", x=1)
    pass_both(g)
    assert [e["source"] for e in g.queue] == [L["mage"], L["mourner"]]


def test_qx5_close_and_tokens_are_paid_at_declaration():
    ab = {"kw": "gain_token", "n": 3, "target": "self", "cost": "2 tokens+tap"}
    g, L = game([card("c", "c2", 1, tokens=1, override=creature(abilities=[ab]))])
    with pytest.raises(EngineError):
        act(g, L, 1, act="ability", source="c", ability="gain_token")
    g.cards[L["c"]].tokens = 2
    act(g, L, 1, act="ability", source="c", ability="gain_token")
    c = g.cards[L["c"]]
    assert c.closed and c.tokens == 0 and len(g.queue) == 1


def test_qx6_x_is_stated_at_declaration_and_fixed():
    g, L = game([_mage(tokens=3), card("v", "c4", 2, override=creature(life=9))])
    act(g, L, 1, act="magic_strike", source="mage", target="v", x=2)
    assert g.cards[L["mage"]].tokens == 1
    g.cards[L["mage"]].tokens = 5  # gaining tokens later does not change the entry
    pass_both(g)
    assert g.cards[L["v"]].wounds == 2


def test_qx7_entry_whose_target_died_does_nothing_and_is_not_refunded():
    zap = {"kw": "magic_strike", "n": 1, "cost": "tap", "sudden": True}
    g, L = game([_mage(tokens=2), card("zapper", "d3", 1, override=creature(abilities=[zap])),
                 card("v", "c4", 2, override=creature(life=2))])
    act(g, L, 1, act="magic_strike", source="mage", target="v", x=2)
    act(g, L, 1, act="magic_strike", source="zapper", target="v")
    pass_both(g, 2)
    assert g.cards[L["zapper"]].closed and g.queue == [] and g.cards[L["v"]].zone == "graveyard"


def test_qx8_death_trigger_executes_from_the_graveyard():
    dies = {"kw": "trigger", "when": "dies", "optional": False,
            "effect": {"kw": "wound", "n": 1, "target": "each_enemy_creature"}}
    g, L = game([_mage(tokens=1), card("avenger", "c4", 2, override=creature(life=1, abilities=[dies]))])
    act(g, L, 1, act="magic_strike", source="mage", target="avenger", x=1)
    pass_both(g)
    assert g.cards[L["avenger"]].zone == "graveyard" and g.queue[0]["source"] == L["avenger"]
    pass_both(g)
    assert g.cards[L["mage"]].wounds == 1


def test_qx9_both_passing_on_empty_queue_ends_the_main_phase():
    g, L = game([])
    pass_both(g)
    assert g.active == 2 and g.phase == "main"


def test_qx9_a_sudden_action_by_the_inactive_player_gives_the_active_player_priority_again():
    sudden = {"kw": "accumulate_token", "sudden": True}
    g, L = game([card("w", "a6", 2, override=creature(abilities=[sudden]))])
    g.apply(1, {"act": "pass"})
    act(g, L, 2, act="ability", source="w", ability="accumulate_token")
    assert g.prompt == {"kind": "priority", "player": 1}


def test_qx10_once_per_turn_limit_blocks_a_second_declaration_and_resets_next_turn():
    heal = {"kw": "heal", "n": 1, "target": "self", "sudden": True, "cost": "1 tokens", "limit": "once per turn"}
    g, L = game([card("h", "c2", 1, tokens=3, wounds=2, override=creature(life=6, abilities=[heal]))])
    act(g, L, 1, act="ability", source="h", ability="heal")
    with pytest.raises(EngineError):
        act(g, L, 1, act="ability", source="h", ability="heal")
    pass_both(g)   # the heal executes
    pass_both(g)   # player 1's turn ends
    pass_both(g)   # player 2's turn ends
    act(g, L, 1, act="ability", source="h", ability="heal")
    assert g.cards[L["h"]].tokens == 1


def test_q6_slow_action_refused_while_the_queue_is_not_empty():
    g, L = game([_mage(tokens=1), card("v", "c4", 2, override=creature(life=5)),
                 card("walker", "b2", 1)])
    act(g, L, 1, act="magic_strike", source="mage", target="v", x=1)
    with pytest.raises(EngineError) as e:
        act(g, L, 1, act="move", source="walker", to="b3")
    assert e.value.code == "illegal_action"


def test_q6_inactive_player_cannot_declare_a_slow_action():
    g, L = game([card("enemy", "b4", 2)])
    g.apply(1, {"act": "pass"})
    assert not [a for a in g.legal_actions(2) if a["act"] == "move"]


def test_q5_lone_mandatory_trigger_without_choices_is_declared_without_asking():
    moves = {"kw": "trigger", "when": "moves", "optional": False,
             "effect": {"kw": "gain_token", "n": 1, "target": "self"}}
    g, L = game([card("k", "c2", 1, override=creature(move=2, abilities=[moves]))])
    act(g, L, 1, act="move", source="k", to="c3")
    pass_both(g)
    assert g.prompt["kind"] == "priority" and [e["kind"] for e in g.queue] == ["trigger"]


def test_s4_card_that_cannot_pay_cannot_declare_and_nothing_changes():
    g, L = game([_mage(tokens=1), card("v", "c4", 2)])
    before = g.snapshot()
    with pytest.raises(EngineError):
        act(g, L, 1, act="magic_strike", source="mage", target="v", x=2)
    assert g.snapshot() == before
