"""Snapshots made by the engine's first layout still load: the format has only gained the board's cell order
(``board_order``; without it a board restores in its sorted order), so no migration is needed.

``tests/data/snapshots_before_issue12.json`` was made once with the engine at commit f7ef62d (before any module
moved): two mid-game snapshots, and a seed and count of further random actions. What playing on gives is pinned
with the other behaviour pins (``python -m tests.pins --write``; it changes only with a rule fixed on purpose).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.engine_speed import comparable_snapshot
from engine import Game
from tests import pins

CASES = json.loads((Path(__file__).parent / "data" / "snapshots_before_issue12.json").read_text())


@pytest.mark.parametrize("case", CASES, ids=[str(c["seed"]) for c in CASES])
def test_an_old_snapshot_restores_byte_for_byte(case):
    data = case["snapshot"].encode()
    assert comparable_snapshot(Game.restore(data).snapshot()) == data


def test_old_snapshots_play_on_as_pinned():
    """Playing on from them is pinned behaviour like the perft counts (tests/pins.py ``continuations``)."""
    assert pins.continuations() == pins.load()["continuations"]


def test_a_snapshot_holds_every_field_of_every_card():
    """A snapshot's cards are the cards' dataclass fields given at construction, every one, with their values (a
    field added to ``Card`` and not to ``card_to_dict`` would be lost by a restore); the definition a card keeps
    once read (``init=False`` fields) is no state."""
    from dataclasses import fields

    from engine.model.state import card_to_dict
    from tests.selfplay_util import new_game, random_steps

    filled = set()
    for seed in range(4):
        game = new_game(seed)
        for _ in random_steps(game, seed, 300):
            for card in game.state.cards.values():
                assert card_to_dict(card) == {f.name: getattr(card, f.name) for f in fields(card) if f.init}
                filled.update(k for k in ("markers", "acquired", "used") if getattr(card, k))
    assert filled == {"markers", "acquired", "used"}      # the containers were checked holding something
