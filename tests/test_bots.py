"""Computer players (engine/bots.py): legal, reproducible, and the heuristic beats the random player."""
from __future__ import annotations

import random

from engine import Game
from engine.bots import heuristic_policy, play, random_policy
from engine.cards import starter_decks

import pytest

DECKS = sorted({tuple(v): k for k, v in starter_decks().items()}.values())
SEEDS = range(1000, 1040)


def _decks(seed: int):
    d = starter_decks()
    return d[DECKS[seed % 3]], d[DECKS[(seed + 1) % 3]]


@pytest.mark.parametrize("policy", [random_policy, heuristic_policy])
def test_policy_picks_only_legal_actions(policy):
    g = Game.new(3, *_decks(3))
    rng = random.Random(3)
    while g.result is None and g.version < 400:
        p = g.to_act()
        legal = g.legal_actions(p)
        action = policy(g.view(p), legal, rng)
        assert action in legal
        g.apply(p, action)


def test_policies_never_concede_on_their_own():
    g = play(5, *_decks(5), heuristic_policy, random_policy)
    assert all(a["act"] != "concede" for _, a in g.log)


def test_bot_game_is_reproducible_from_its_seed():
    a = play(9, *_decks(9), heuristic_policy, random_policy)
    b = play(9, *_decks(9), heuristic_policy, random_policy)
    assert a.log == b.log and a.result == b.result


def test_heuristic_beats_random_in_most_games():
    wins = 0
    for seed in SEEDS:                      # both seats, every deck pair
        h = 1 + seed % 2
        pols = (heuristic_policy, random_policy) if h == 1 else (random_policy, heuristic_policy)
        g = play(seed, *_decks(seed), *pols)
        wins += g.result["winner"] == h
    assert wins / len(SEEDS) > 0.5
