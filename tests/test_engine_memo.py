"""The engine's read-only scopes (engine/model/memo.py) and its shortcuts: structural facts that
make the caches provably safe (listing writes nothing, a memo never outlives its call, the legal-action list is
computed once per applied action, skipping a card's granted triggers skips none, skipping the hooks of a card
that answers none of them skips no answer)."""
from __future__ import annotations

import inspect
import json
from pathlib import Path

import pytest

from engine.model.memo import reading
from engine.model.state import GameState
from engine.cards.keywords import HookSet
from engine.ops import trigger_points
from engine.procedure import actions
from engine.rules import combat, declarable, keywords
from engine.rules.grants import effective
from engine.scenario import run_scenario
from tests.pure_python import in_pure_python
from tests.selfplay_util import new_game, random_steps

SEEDS = (3, 11, 29)


def test_listing_legal_actions_writes_nothing_to_the_state():
    for seed in SEEDS:
        g = new_game(seed)
        for _ in random_steps(g, seed, 400):
            before = g.snapshot()
            for p in (1, 2):
                actions.legal(g.state, p)
            assert g.snapshot() == before
            assert g._memo is None


def test_projecting_a_view_writes_nothing_to_the_state():
    """engine/view.py ``project`` is a read-only scope too: every viewer's view leaves the state as it was."""
    for seed in SEEDS:
        g = new_game(seed)
        for _ in random_steps(g, seed, 400):
            before = g.snapshot()
            for viewer in (1, 2, None):
                g.view(viewer)
            assert g.snapshot() == before
            assert g._memo is None


def test_a_reading_call_has_a_memo_only_while_it_runs_even_when_it_raises():
    g = new_game(1).state
    seen = []

    @reading
    def probe(g, fail=False):
        seen.append(g._memo)
        if fail:
            raise ValueError("boom")

    probe(g)
    with pytest.raises(ValueError):
        probe(g, fail=True)
    assert [type(m) for m in seen] == [dict, dict] and seen[0] is not seen[1]
    assert g._memo is None


def test_nested_reading_calls_share_the_outer_memo():
    g = new_game(1).state

    @reading
    def inner(g):
        return g._memo

    @reading
    def outer(g):
        return g._memo, inner(g)

    a, b = outer(g)
    assert a is b and g._memo is None


#: Whether actions.py is compiled (its legal_now then calls legal natively, past a spy).
COMPILED_ACTIONS = not inspect.isfunction(actions.legal_now)


@in_pure_python(COMPILED_ACTIONS)
def test_the_legal_action_list_is_computed_once_per_applied_action(monkeypatch):
    calls = []
    real = actions.legal

    def counting(g, p):
        calls.append(g.version)
        return real(g, p)

    monkeypatch.setattr(actions, "legal", counting)
    g = new_game(5)
    n = sum(1 for _ in random_steps(g, 5, 300))
    assert len(calls) == n and len(set(calls)) == n


def test_cards_whose_granted_triggers_are_skipped_have_none():
    checked = 0
    for seed in SEEDS:
        g = new_game(seed)
        for _ in random_steps(g, seed, 400):
            for c in g.play_cards():
                base = g.abilities(c)
                if not trigger_points._may_be_granted_triggers(g.state, base):
                    checked += 1
                    assert not [a for a in effective(g.state, c) if a.get("kw") == "trigger"
                                and not any(a is b for b in base)]
    assert checked


def test_a_card_that_answers_none_of_a_hook_set_has_no_answer_to_any_of_its_hooks():
    sets = [v for m in (combat, declarable) for v in vars(m).values() if isinstance(v, HookSet)]
    checked = 0
    for seed in SEEDS:
        g = new_game(seed)
        for _ in random_steps(g, seed, 400):
            for c in g.play_cards():
                for hs in sets:
                    if keywords.answers_none(g.state, c, hs):
                        checked += 1
                        for n in hs.names:
                            if n.startswith("flag "):
                                assert not keywords.flagged(g.state, c, n[5:])
                            else:
                                assert keywords._asked(g.state, c, n) == []
    assert len(sets) >= 3 and checked


#: Whether ``GameState`` is the compiled class (read before any spy replaces its methods).
COMPILED_STATE = not inspect.isfunction(GameState.play_cards)


@in_pure_python(COMPILED_STATE)
def test_the_kept_play_zone_list_is_the_play_zone_at_every_read(monkeypatch):
    """``GameState.play_cards`` keeps its list until the next change of the play zone or zone size change
    (every writer of a card's zone, cell or host calls ``play_changed``): at every read
    over whole games, the reads inside ``apply`` included, it holds the same cards in the same order as a fresh
    listing. A compiled GameState's methods cannot be replaced: then this test runs in a pure-Python subprocess."""
    real = GameState.play_cards
    reads = []

    def checked(self):
        kept = real(self)
        fresh = self._play_cards()
        reads.append(len(kept) == len(fresh) and all(a is b for a, b in zip(kept, fresh)))
        return kept

    monkeypatch.setattr(GameState, "play_cards", checked)
    for seed in SEEDS:
        g = new_game(seed)
        for _ in random_steps(g, seed, 600):
            pass
    assert reads and all(reads)


@in_pure_python(COMPILED_STATE)
def test_the_kept_play_zone_lists_are_the_play_zone_at_every_read_in_the_scenarios(monkeypatch):
    """``GameState.attachments`` is kept with the play zone's list: at every read in the scenarios (moves,
    maneuvers, resurrections, deaths inside one action; symbiotes, parasites, equipment, which the starter decks
    lack), it holds the battlefield cards attached to a host in instance order, and the play zone's list the same
    cards in the same order as a fresh listing. Under a compiled GameState: a pure-Python subprocess."""
    real_play, real_att = GameState.play_cards, GameState.attachments
    reads = []

    def same(a, b):
        return len(a) == len(b) and all(x is y for x, y in zip(a, b))

    def checked_play(self):
        kept = real_play(self)
        att = self._attached
        reads.append((same(kept, self._play_cards()), False))
        self._attached = att
        return kept

    def checked_att(self):
        kept = real_att(self)
        fresh = [c for c in self.cards.values() if c.attached_to and c.zone == "battlefield"]
        reads.append((same(kept, fresh), bool(fresh)))
        return kept

    monkeypatch.setattr(GameState, "play_cards", checked_play)
    monkeypatch.setattr(GameState, "attachments", checked_att)
    files = sorted(Path(__file__).parent.glob("scenarios/*.json"))
    for f in files:
        run_scenario(json.loads(f.read_text()))
    assert files and reads and all(ok for ok, _ in reads) and any(some for _, some in reads)


def test_no_card_is_face_down_whenever_the_face_down_look_is_skipped():
    """``rules.hidden.any_hidden`` stops looking once no card is face down, until ``GameState.turn_face_down``:
    after every action of whole games (face-down placement and reveal included) it answers as a look at the
    battlefield does, and the look is skipped after the reveal."""
    from engine.rules.hidden import any_hidden
    skipped = 0
    for seed in SEEDS:
        g = new_game(seed)
        for _ in random_steps(g, seed, 600):
            s = g.state
            on_board = any(s.cards[cid].hidden for cid in s.board.values())
            assert any_hidden(s) == on_board
            if not s._face_down:
                skipped += 1
                assert not any(c.hidden for c in s.cards.values())
    assert skipped
