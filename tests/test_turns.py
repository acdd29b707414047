"""Turn structure (02-battle.md §2, §8 [300, 310-313]): turn preparation, opening, effect durations, passing."""
from __future__ import annotations

import inspect

from engine.ops import durations
from engine.procedure import prelim_abilities as pa
from tests.helpers import card, creature, game
from tests.pure_python import in_pure_python

#: The spies below replace functions of prelim_abilities, which its compiled callers would call natively.
COMPILED_PA = not inspect.isfunction(pa.declarable)


def _end_turn(g):
    turn = g.turn
    g.apply(g.active, {"act": "end_turn"})
    while g.turn == turn and g.result is None:
        g.apply(g.to_act(), {"act": "pass"})


def test_311_only_the_new_active_players_cards_open():
    g, lb = game([card("a", "c3", 1, closed=True), card("b", "c4", 2, closed=True)])
    _end_turn(g)
    assert g.active == 2 and not g.cards[lb["b"]].closed and g.cards[lb["a"]].closed


def test_311_2_movement_markers_of_the_active_player_go_at_turn_start():
    g, lb = game([card("a", "c3", 1, markers={"movement": 1}), card("b", "c4", 2, markers={"movement": 1})])
    _end_turn(g)
    assert "movement" in g.cards[lb["a"]].markers and "movement" not in g.cards[lb["b"]].markers


def test_313_2_until_the_end_of_the_turn_effects_end_when_the_final_phase_ends():
    g, lb = game([card("a", "c3", 1)])
    g.cards[lb["a"]].markers["blessed"] = 1
    durations.add(g.state, "turn_end", lb["a"], "test", marker="blessed")
    g.apply(1, {"act": "end_turn"})
    g.apply(2, {"act": "pass"})
    assert g.phase in ("final", "turn_start", "main")
    assert "blessed" not in g.cards[lb["a"]].markers and g.effects == []


def test_313_2_an_effect_for_a_later_turn_survives_earlier_turn_ends():
    g, lb = game([card("a", "c3", 1)])
    durations.add(g.state, "turn_end", lb["a"], "test", marker="m", turn=g.turn + 1)
    g.cards[lb["a"]].markers["m"] = 1
    _end_turn(g)
    assert g.cards[lb["a"]].markers.get("m") == 1
    _end_turn(g)
    assert "m" not in g.cards[lb["a"]].markers


def test_311_until_the_start_of_a_players_turn_ends_at_that_players_turn_start():
    g, lb = game([card("a", "c3", 1)])
    ab = {"kw": "strike_bonus", "n": 1}
    g.cards[lb["a"]].acquired.append(ab)
    durations.add(g.state, "turn_start", lb["a"], "grant", ability=ab, player=1)
    _end_turn(g)
    assert ab in g.cards[lb["a"]].acquired  # player 2's turn start: not yet
    _end_turn(g)
    assert ab not in g.cards[lb["a"]].acquired


@in_pure_python(COMPILED_PA)
def test_310_turn_preparation_asks_only_a_player_with_a_decision(monkeypatch):
    g, lb = game([card("b", "c4", 2, closed=True)])
    monkeypatch.setattr(pa, "turn_preparation_choices", lambda g, p: (
        [{"act": "choose", "option": {"stay_closed": lb["b"]}}] if p == 2 else []))
    g.apply(1, {"act": "end_turn"})
    g.apply(2, {"act": "pass"})
    assert g.phase == "turn_preparation" and g.active == 2
    assert g.prompt == {"kind": "choice", "what": "turn_preparation", "player": 2}
    g.apply(2, {"act": "choose", "option": {"stay_closed": lb["b"]}})
    g.apply(2, {"act": "choose", "option": "done"})
    assert g.phase == "main" and g.cards[lb["b"]].closed  # chosen to stay closed [311.1]


def test_300_2_an_empty_turn_start_and_final_phase_ask_nobody():
    g, lb = game([card("a", "c3", 1)])
    g.apply(1, {"act": "end_turn"})
    g.apply(2, {"act": "pass"})
    assert g.active == 2 and g.phase == "main" and g.prompt == {"kind": "priority", "player": 2}


def test_q9_a_trigger_chain_is_cut_at_the_first_exact_repeat():
    from engine.cards.vocab import normalize_ability
    from tests.helpers import act
    echo = normalize_ability({"kw": "trigger", "when": "hit", "subject": "other", "attack": ["any_attack"],
                              "effects": [{"kw": "shot", "strike": [1, 1, 1],
                                           "target": {"choose": "creature", "side": "enemy"}}]})
    g, lb = game([card("a", "c3", 1, override=creature(strike=(1, 1, 1))),
                  card("x", "a1", 1, override=creature(abilities=[echo])),
                  card("y", "c4", 2, override=creature(life=99), closed=True)], spare=False)
    act(g, lb, 1, act="attack", source="a", target="y")
    for _ in range(40):
        if g.result is not None or (not g.queue and g.executing is None and g.prompt["kind"] == "priority"
                                    and g.phase == "main" and not g.pending[1] and not g.pending[2]
                                    and any(e["type"] == "loop_cut" for e in g.events)):
            break
        p = g.to_act()
        decl = [a for a in g.legal_actions(p) if a["act"] == "declare"]
        g.apply(p, decl[0] if decl else {"act": "pass"})
    assert any(e["type"] == "loop_cut" for e in g.events)
    assert g.cards[lb["y"]].wounds == 3  # the strike, then two echoes; the third echo repeats the second [103.4]


def _before_turn(effects, optional=False, turn="own") -> dict:
    return {"kw": "trigger", "when": "before_turn", "turn": turn, "optional": optional, "effects": effects}


def _phase_of(g, etype: str, card_id: str) -> str:
    """The phase in which the first event ``etype`` about ``card_id`` (as ``source`` or ``card``) happened."""
    phase = g.phase
    for e in g.events:
        if e["type"] == "phase":
            phase = e["phase"]
        elif e["type"] == etype and card_id in (e.get("source"), e.get("card")):
            return phase
    raise AssertionError(f"no {etype} event of {card_id}")


def test_310_2_a_before_turn_trigger_executes_in_turn_preparation_active_player_first():
    gain = [{"kw": "gain_token", "n": 1, "target": "self"}]
    g, lb = game([card("a", "c3", 1, override=creature(abilities=[_before_turn(gain, turn="opponent")])),
                  card("b", "c4", 2, override=creature(abilities=[_before_turn(gain)]))])
    _end_turn(g)
    assert g.cards[lb["a"]].tokens == 1 and g.cards[lb["b"]].tokens == 1
    assert _phase_of(g, "executing", lb["a"]) == _phase_of(g, "executing", lb["b"]) == "turn_preparation"
    order = [e["source"] for e in g.events if e["type"] == "executing"]
    assert order.index(lb["b"]) < order.index(lb["a"])  # the active player's first [103.5]


def test_310_2_an_optional_before_turn_trigger_is_asked_in_turn_preparation_and_may_be_forfeited():
    g, lb = game([card("b", "c4", 2, override=creature(abilities=[_before_turn(
        [{"kw": "gain_token", "n": 1, "target": "self"}], optional=True)]))])
    g.apply(1, {"act": "end_turn"})
    g.apply(2, {"act": "pass"})
    assert g.phase == "turn_preparation" and g.prompt["kind"] == "triggers" and g.prompt["player"] == 2
    g.apply(2, {"act": "pass"})
    assert g.phase == "main" and g.cards[lb["b"]].tokens == 0


def test_310_2_other_triggers_made_pending_before_the_turn_wait_for_the_turn_start_step():
    dies = {"kw": "trigger", "when": "dies", "subject": "any", "optional": False,
            "effects": [{"kw": "gain_token", "n": 1, "target": "self"}]}
    g, lb = game([card("v", "c3", 1, override=creature(life=1)),
                  card("w", "a1", 1, override=creature(life=9, abilities=[dies])),
                  card("k", "c4", 2, override=creature(abilities=[_before_turn(
                      [{"kw": "wound", "n": 1, "target": "each_enemy_creature"}])]))])
    _end_turn(g)
    while g.phase != "main":
        g.apply(g.to_act(), {"act": "pass"})
    assert g.cards[lb["v"]].zone == "graveyard" and g.cards[lb["w"]].tokens == 1
    assert _phase_of(g, "died", lb["v"]) == "turn_preparation"
    assert _phase_of(g, "declared", lb["w"]) == "turn_start"
