"""Naming a pending triggered ability in a ``declare`` step (../shared/scenarios/FORMAT.md ``declare``; RULES.md S3)."""
from __future__ import annotations

from tests.rules.play import card, creature, do, position, seen, settle

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
