"""The engine's behaviour pinned across restructures (perft-style counts and game digests).

The expected values in ``tests/data/engine_pins.json`` ARE the behaviour being preserved: they were generated once
by ``python -m tests.pins --write`` (tests/pins.py) from the engine before any module moved. A refactoring must
leave them unchanged; only a commit that fixes a rule defect on purpose regenerates them, and names the defect.
"""
from __future__ import annotations

import pytest

from tests import pins

PINNED = pins.load()


@pytest.mark.parametrize("key", sorted(PINNED["perft"]))
def test_legal_action_count_at_every_step_of_a_seeded_game_is_unchanged(key):
    seed, a, b = key.split("|")
    decks = PINNED["decks"]
    counts = pins.play(int(seed), decks[a], decks[b], 20000)[1]
    assert counts == PINNED["perft"][key]


def test_action_logs_and_final_states_of_200_seeded_games_are_unchanged():
    got = pins.digests(PINNED["decks"])
    assert len(got) >= 200
    changed = [i for i, (x, y) in enumerate(zip(got, PINNED["digests"])) if x != y]
    assert not changed, f"games {changed[:10]} (seed {pins.DIGEST_SEED} + i) play differently"
