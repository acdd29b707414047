"""A face-down card is a legal target for anything otherwise possible, triggered abilities included [415.3]; a
player may not aim at their own face-down card [415.5] (02-battle.md §1.5, 03-abilities.md §1.8)."""
from __future__ import annotations

from engine import Game

from tests.rules.play import creature

MOVER = creature(move=2, abilities=[{"kw": "trigger", "when": "moves", "optional": False, "effects": [
    {"kw": "wound", "n": 1, "target": {"choose": "creature", "side": "enemy"}}]}])


def _turn_one_with_a_face_down_enemy():
    """Player 1 (first) has the mover on c3; player 2's only card waits face down on c6 (its 3rd row)."""
    cards = [{"label": "mover", "card": "Test mover", "owner": 1, "zone": "deck", "override": MOVER},
             {"label": "hid", "card": "Test hid", "owner": 2, "zone": "deck", "override": creature()}]
    g, lb = Game.from_scenario({"id": "t", "seed": 1, "dice": [4, 2], "steps": [],
                                "setup": {"active": 1, "phase": "deal", "cards": cards}})
    for p, opt in ((1, {"first": 1}), (1, "keep"), (2, "keep"), (1, {"recruit": lb["mover"]}), (1, "done"),
                   (2, {"recruit": lb["hid"]}), (2, "done"), (1, {"place": lb["mover"], "cell": "c3"}),
                   (2, {"place": lb["hid"], "cell": "c6"}), (2, lb["hid"])):
        g.apply(p, {"act": "choose", "option": opt})
    v = g.view(1)
    assert v["turn"] == 1 and v["prompt"] == {"kind": "priority", "player": 1} and "x-c6" in v["cards"]
    return g, lb


def test_415_3_a_triggered_ability_may_target_a_face_down_enemy_card():
    g, lb = _turn_one_with_a_face_down_enemy()
    g.apply(1, {"act": "move", "source": lb["mover"], "to": "c4"})
    g.apply(1, {"act": "pass"})
    g.apply(2, {"act": "pass"})
    want = {"act": "declare", "source": lb["mover"], "ability": 0, "target": "x-c6"}
    assert want in g.legal_actions(1)
    g.apply(1, want)
    assert g.view(1)["cards"][lb["hid"]]["card"] is not None  # revealed as it became a target [415.2]
    g.apply(1, {"act": "pass"})
    g.apply(2, {"act": "pass"})
    assert g.view(None)["cards"][lb["hid"]]["wounds"] == 1
