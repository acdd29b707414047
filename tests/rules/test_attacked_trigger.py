"""FORMAT.md's trigger point ``attacked``: "a simple strike is declared against it". The trigger enters the queue
right after the declaration, behind the strike (RULES.md Q5.1)."""
from __future__ import annotations

from tests.rules.play import card, creature, do, play, position

WATCH = creature(abilities=[{"kw": "trigger", "when": "attacked", "optional": False,
                             "effect": {"kw": "gain_token", "n": 1, "target": "self"}}])


def test_format_attacked_trigger_enters_the_queue_behind_the_declared_strike():
    play("P-attacked-01")


def test_format_attacked_optional_trigger_is_asked_before_priority_and_a_defender_does_not_fire_it():
    play("P-attacked-02")


def test_format_attacked_does_not_fire_for_a_shot():
    archer = creature(abilities=[{"kw": "shot", "strike": [1, 1, 1], "range": None, "cost": "tap"}])
    g, lb = position([card("a", "Стрелок", 1, "c2", override=archer), card("w", "Сторож", 2, "c5", override=WATCH)])
    do(g, lb, 1, act="shoot", source="a", target="w")
    assert [e["source"] for e in g.view(None)["queue"]] == [lb["a"]]


def test_pool_when_attacked_keeps_its_final_target_timing():
    """Пеший латник's "when hit by a melee attack" answers at execution, after the defender step (G7)."""
    g, lb = position([card("a", "Кочевник", 1, "c3"), card("lat", "vs2023-029-peshiy-latnik", 2, "c4")], dice=[4, 3])
    do(g, lb, 1, act="attack", source="a", target="lat")
    assert [e["source"] for e in g.view(None)["queue"]] == [lb["a"]]
