"""Snapshots made before the restructure of issue 12 still load: the format is unchanged (no migration needed).

``tests/data/snapshots_before_issue12.json`` was made once with the engine at commit f7ef62d (before any module
moved): two mid-game snapshots and the sha256 of the snapshot after 200 further seeded random actions. The
continuation digest of seed 41 was regenerated once after the issue-13 rule fixes (docs/rules-decisions.md), which
change how that game plays on; the snapshots themselves are still the f7ef62d bytes.
"""
from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from engine import Game

CASES = json.loads((Path(__file__).parent / "data" / "snapshots_before_issue12.json").read_text())


@pytest.mark.parametrize("case", CASES, ids=[str(c["seed"]) for c in CASES])
def test_an_old_snapshot_restores_byte_for_byte(case):
    data = case["snapshot"].encode()
    assert Game.restore(data).snapshot() == data


@pytest.mark.parametrize("case", CASES, ids=[str(c["seed"]) for c in CASES])
def test_an_old_snapshot_plays_on_exactly_as_the_old_engine_did(case):
    g = Game.restore(case["snapshot"].encode())
    rng = random.Random(case["continue_seed"])
    for _ in range(case["continue_actions"]):
        if g.result is not None:
            break
        p = g.to_act()
        g.apply(p, rng.choice([a for a in g.legal_actions(p) if a["act"] != "concede"]))
    assert hashlib.sha256(g.snapshot()).hexdigest() == case["digest_after"]
