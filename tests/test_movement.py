"""Movement (движение), 02-battle.md §2-§3 [203, g-69]; closing to strike a flyer [211.9]."""
from __future__ import annotations

import pytest

from engine import EngineError
from tests.helpers import act, card, creature, game, pass_both


def _moves(g, label_id):
    return sorted(a["to"] for a in g.legal_actions(g.to_act()) if a["act"] == "move" and a["source"] == label_id)


def test_203_2_a_movement_goes_one_cell_along_a_row_or_column():
    g, lb = game([card("a", "c2", 1, override=creature(move=2))])
    assert _moves(g, lb["a"]) == ["b2", "c1", "c3", "d2"]


def test_203_4_unused_movement_runs_out():
    g, lb = game([card("a", "c2", 1, override=creature(move=1))])
    act(g, lb, 1, act="move", source="a", to="c3")
    pass_both(g)
    assert _moves(g, lb["a"]) == []


def test_203_5_a_card_moves_only_in_its_controllers_turn():
    g, lb = game([card("a", "c2", 1, override=creature(move=2)), card("b", "c5", 2, override=creature(move=2))])
    assert not any(a["act"] == "move" and a["source"] == lb["b"] for a in g.legal_actions(1))
    with pytest.raises(EngineError):
        act(g, lb, 2, act="move", source="b", to="c4")


def test_203_6_a_closed_card_cannot_move():
    g, lb = game([card("a", "c2", 1, override=creature(move=2), closed=True)])
    assert _moves(g, lb["a"]) == []


def test_203_9_a_symbiote_does_not_move_but_moves_with_its_host():
    g, lb = game([card("host", "c2", 1, override=creature(move=1)),
                  card("sym", None, 1, zone="battlefield", override=creature(symbiote=True), attached_to="host")])
    assert not any(a.get("source") == lb["sym"] for a in g.legal_actions(1) if a["act"] == "move")
    act(g, lb, 1, act="move", source="host", to="c3")
    pass_both(g)
    assert g.cards[lb["sym"]].cell == "c3" and g.cards[lb["sym"]].markers.get("movement") is None  # [210.8]


def test_203_10_a_flyer_cannot_move():
    g, lb = game([card("f", None, 1, zone="aux", override=creature(flyer=True, move=2))])
    assert not any(a["act"] == "move" and a["source"] == lb["f"] for a in g.legal_actions(1))


def test_g69_a_card_that_has_acted_cannot_move():
    g, lb = game([card("a", "c3", 1, override=creature(move=2)), card("t", "c4", 2)], dice=[1, 1])
    act(g, lb, 1, act="attack", source="a", target="t")
    pass_both(g)
    g.cards[lb["a"]].closed = False  # even if it were open again without an opening effect
    assert _moves(g, lb["a"]) == []


def test_g69_move_then_act_is_allowed():
    g, lb = game([card("a", "c2", 1, override=creature(move=2)), card("t", "c4", 2)])
    act(g, lb, 1, act="move", source="a", to="c3")
    pass_both(g)
    assert {"act": "attack", "source": lb["a"], "target": lb["t"]} in g.legal_actions(1)


OPENER = creature(abilities=[{"kw": "action", "cost": "tap", "effects": [
    {"kw": "open_target", "target": {"choose": "creature", "side": "friendly"}}]}])


def test_219_4_a_card_opened_during_the_turn_may_move_and_act_again():
    # it spends its movement and strikes (closing); a friend's ability opens it: full movement again [203.7]
    g, lb = game([card("a", "c2", 1, override=creature(move=1)), card("t", "c4", 2),
                  card("o", "a1", 1, override=OPENER)], dice=[1, 1])
    act(g, lb, 1, act="move", source="a", to="c3")
    pass_both(g)
    act(g, lb, 1, act="attack", source="a", target="t")
    pass_both(g)
    assert g.cards[lb["a"]].closed and _moves(g, lb["a"]) == []
    act(g, lb, 1, act="ability", source="o", ability=0, target="a")
    pass_both(g)
    assert _moves(g, lb["a"]) != []
    assert {"act": "attack", "source": lb["a"], "target": lb["t"]} in g.legal_actions(1)


def test_203_11_a_card_whose_own_movement_is_pending_cannot_declare_a_closing_action():
    sudden = {"kw": "heal", "n": 1, "target": "self", "cost": {"tap": True, "tokens": 0}, "sudden": True,
              "limit": None}
    g, lb = game([card("a", "c2", 1, override=creature(move=2, abilities=[sudden]), wounds=1)])
    act(g, lb, 1, act="move", source="a", to="c3")
    assert not any(a["act"] == "ability" and a["source"] == lb["a"] for a in g.legal_actions(g.to_act()))


def test_203_3_movement_is_paid_at_declaration_and_kept_when_the_cell_is_taken():
    g, lb = game([card("a", "c2", 1, override=creature(move=2))])
    act(g, lb, 1, act="move", source="a", to="c3")
    assert g.cards[lb["a"]].markers["movement"] == 1
    g.board["c3"] = lb["p2_spare"]  # the cell became occupied before execution
    pass_both(g)
    assert g.cards[lb["a"]].cell == "c2" and g.cards[lb["a"]].markers["movement"] == 1


# ---------------------------------------------------------------------- closing to strike a flyer [211.9]
def _flyer_game(**kw):
    cards = [card("a", "c2", 1, override=creature(strike=(2, 2, 2))),
             card("f", None, 2, zone="aux", override=creature(flyer=True)),
             card("p1_spare", "e1", 1)]
    return game(cards, spare=False, **kw)


CLOSE = "close_to_strike_flyer"


def test_211_9_closing_to_strike_a_flyer_only_when_the_opponent_has_only_flyers():
    g, lb = _flyer_game()
    assert {"act": "ability", "source": lb["a"], "ability": CLOSE} in g.legal_actions(1)
    g2, lb2 = game([card("a", "c2", 1), card("f", None, 2, zone="aux", override=creature(flyer=True))])
    assert not any(a.get("ability") == CLOSE for a in g2.legal_actions(1))  # p2 still has a ground spare


def test_211_9_the_marked_creature_strikes_a_flyer_once_on_its_next_turn():
    g, lb = _flyer_game(dice=[6, 1])
    act(g, lb, 1, act="ability", source="a", ability=CLOSE)
    pass_both(g)
    a = g.cards[lb["a"]]
    assert a.closed and a.markers["flyer_strike"] == 1
    assert not any(x["act"] == "attack" for x in g.legal_actions(1))  # not this turn
    g.apply(1, {"act": "end_turn"})
    while g.active == 1:
        g.apply(g.to_act(), {"act": "pass"})
    g.apply(2, {"act": "end_turn"})
    while g.active == 2:
        g.apply(g.to_act(), {"act": "pass"})
    assert not a.closed
    assert {"act": "attack", "source": lb["a"], "target": lb["f"]} in g.legal_actions(1)
    act(g, lb, 1, act="attack", source="a", target="f")
    pass_both(g)
    assert g.cards[lb["f"]].wounds == 2
    assert "flyer_strike" not in a.markers  # used


def test_211_9_an_unused_flyer_strike_mark_ends_with_the_next_turn():
    g, lb = _flyer_game()
    act(g, lb, 1, act="ability", source="a", ability=CLOSE)
    pass_both(g)
    for _ in range(3):  # end turns 3, 4 and 5 (the next turn of player 1)
        g.apply(g.active, {"act": "end_turn"})
        turn = g.turn
        while g.turn == turn:
            g.apply(g.to_act(), {"act": "pass"})
    assert "flyer_strike" not in g.cards[lb["a"]].markers


def test_211_9_a_flyer_cannot_close_to_strike_a_flyer():
    g, lb = game([card("f1", None, 1, zone="aux", override=creature(flyer=True)),
                  card("f", None, 2, zone="aux", override=creature(flyer=True)), card("p1_spare", "e1", 1)],
                 spare=False)
    assert not any(a.get("ability") == CLOSE and a["source"] == lb["f1"] for a in g.legal_actions(1))
