"""The packed action log (engine/model/action_log.py): ``Game.log`` is a read-only sequence that
yields the very ``[player, action]`` entries the list held, and a game replays and snapshots from it as before."""
import json
import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from engine import Game, load_deck
from engine.model.action_log import ActionLog
from engine.selfplay import random_action
from tests.selfplay_util import DECKS, new_game

ENTRIES = [[1, {"act": "pass"}], [2, {"act": "attack", "source": "k12", "target": "x-c4"}],
           [1, {"act": "ability", "source": "k3", "ability": 0, "targets": ["k1", "x-b2"], "x": 3}],
           [2, {"act": "choose", "option": True, "trigger": None}], [1, {"act": "concede", "reason": "concession"}]]
OLD_SNAPSHOTS = json.loads((Path(__file__).parent / "data" / "snapshots_before_issue12.json").read_text())


def played(seed: int, n: int) -> tuple[Game, list]:
    """A game after ``n`` random actions, and the ``[player, action]`` each step applied (what the log holds)."""
    g, rng, applied = new_game(seed), random.Random(seed), []
    while g.result is None and len(applied) < n:
        p = g.to_act()
        a = random_action(rng, g.legal_actions(p))
        g.apply(p, a)
        applied.append([p, a])
    return g, applied


def test_the_log_yields_each_applied_action_as_the_list_held_it():
    g, applied = played(4, 300)
    assert isinstance(g.log, Sequence) and len(g.log) == len(applied) == g.version
    assert repr(list(g.log)) == repr(applied)        # same values and types (a tuple or True would show)


def test_indexing_slicing_and_comparing_behave_as_on_a_list():
    log = ActionLog(ENTRIES)
    assert len(log) == len(ENTRIES) and log == ENTRIES and log == ActionLog(ENTRIES) and log != ENTRIES[:-1]
    assert [log[i] for i in range(-5, 5)] == [ENTRIES[i] for i in range(-5, 5)]
    for s in (slice(None), slice(2, None), slice(1, 3), slice(-2, None), slice(4, 1), slice(None, None, -2),
              slice(0, 99, 2)):
        assert log[s] == ENTRIES[s]
    assert list(reversed(log)) == ENTRIES[::-1]
    assert ENTRIES[3] in log and log.index(ENTRIES[2]) == 2 and log.count(ENTRIES[0]) == 1
    with pytest.raises(IndexError):
        log[5]


def test_an_item_is_a_new_object_whose_changes_do_not_reach_the_log():
    log = ActionLog(ENTRIES)
    log[1][1]["target"] = "k99"
    log[2][1]["targets"].append("k7")
    assert log == ENTRIES


def test_the_log_cannot_be_changed_through_item_assignment_or_deletion():
    log = ActionLog(ENTRIES)
    with pytest.raises(TypeError):
        log[0] = [2, {"act": "pass"}]
    with pytest.raises(TypeError):
        del log[0]
    assert log == ENTRIES


def test_a_replay_from_the_packed_log_is_identical():
    g, _ = played(6, 300)
    r = Game.replay(6, load_deck(DECKS[0]), load_deck(DECKS[1]), g.log)
    assert r.snapshot() == g.snapshot() and r.log == g.log


def test_the_snapshot_keeps_the_log_as_a_json_list_of_entries():
    g, applied = played(2, 120)
    assert json.loads(g.snapshot())["log"] == applied


def test_an_old_snapshots_log_restores_to_the_same_entries():
    for case in OLD_SNAPSHOTS:
        g = Game.restore(case["snapshot"].encode())
        assert list(g.log) == json.loads(case["snapshot"])["log"] and len(g.log) > 0


def test_a_mid_game_log_takes_under_48_bytes_per_entry():
    g, _ = played(4, 300)
    assert g.log.nbytes() < 48 * len(g.log)
