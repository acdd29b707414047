"""A window with nothing to declare closes by itself (RULES.md Q5.4): outside the main phase, an empty queue and
no sudden action that can be declared with priority take no step. An ability used only inside an attack's die
roll or another fixed window (Ловец удачи's luck, 02-battle.md §9) keeps no window open."""
from __future__ import annotations

from engine.model.enums import Phase
from tests.helpers import card, creature, game

LUCK = "vs2023-181-lovets-udachi"
SUDDEN_HEAL = creature(abilities=[{"kw": "heal", "n": 1, "target": "self", "cost": "instant+tap"}])


def _end_opponents_turn(luck_override=None, name=LUCK):
    g, L = game([card("l", "c2", 1, override=luck_override if luck_override is not None else {}, name=name),
                 card("e", "c5", 2)], active=2)
    g.apply(2, {"act": "pass"})
    g.apply(1, {"act": "pass"})
    return g, L


def test_a_fixed_window_ability_does_not_hold_the_final_phase_and_turn_start_open():
    g, _ = _end_opponents_turn()
    assert g.active == 1 and g.phase == Phase.MAIN and g.prompt["kind"] == "priority" and g.prompt["player"] == 1


def test_a_sudden_action_declarable_with_priority_does_open_the_window():
    g, _ = _end_opponents_turn(SUDDEN_HEAL, name="Healer")
    assert g.phase != Phase.MAIN or g.active != 1  # the final phase of player 2 asks both players first
