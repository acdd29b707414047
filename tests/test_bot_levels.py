"""The computer opponents' levels (bots/levels.py): each plays only legal actions, decides the same from the same
view and seed, and reads nothing hidden: a searching level decides the same whatever the opponent's hidden cards
really are."""
from __future__ import annotations

import functools
import random

import pytest

from bots import LEVELS, POLICIES, beginner_policy, expert_policy, heuristic_policy, level_for_rating, strong_policy
from bots.policies import steady_policy
from bots.search import free_decision
from engine import Game, all_cards
from engine.cards.decks import starter_decks

DECKS = sorted({tuple(v): k for k, v in starter_decks().items()}.values())
#: The searching levels on small iteration budgets (no time budget: deterministic and quick).
QUICK = {"beginner": beginner_policy, "casual": heuristic_policy,
         "strong": functools.partial(strong_policy, samples=2, width=3, budget=None),
         "expert": functools.partial(expert_policy, budget=None, iterations=12, width=4)}


def _positions(seed: int, limit: int = 6):
    """(game, player) at ``limit`` free decisions with at least two candidates, plus a few preliminary prompts."""
    d = starter_decks()
    g = Game.new(seed, d[DECKS[seed % 3]], d[DECKS[(seed + 1) % 3]])
    rng, free, prelim = random.Random(seed), [], []
    while g.result is None and len(free) < limit:
        p = g.to_act()
        v, legal = g.view(p), g.legal_actions(p)
        if free_decision(v) and len([a for a in legal if a["act"] not in ("pass", "end_turn", "concede")]) >= 2:
            free.append((Game.restore(g.snapshot()), p))
        elif v["phase"] in ("recruitment", "deployment") and len(prelim) < 3:
            prelim.append((Game.restore(g.snapshot()), p))
        g.apply(p, heuristic_policy(v, legal, rng))
    return free + prelim


def test_the_four_levels_are_offered_weakest_first_and_random_is_not_one():
    assert LEVELS == ("beginner", "casual", "strong", "expert")
    assert "random" in POLICIES and "random" not in LEVELS


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_picks_only_legal_actions(level):
    policy = QUICK[level]
    for g, p in _positions(11):
        legal = g.legal_actions(p)
        action = policy(g.view(p), legal, random.Random(1))
        assert action in legal and action["act"] != "concede"
        g.apply(p, action)          # the engine accepts it


def test_beginner_plays_a_whole_game_with_legal_actions():
    d = starter_decks()
    g = Game.new(12, d[DECKS[0]], d[DECKS[1]])
    rng = random.Random(12)
    while g.result is None and g.version < 3000:
        p = g.to_act()
        g.apply(p, beginner_policy(g.view(p), g.legal_actions(p), rng))
    assert g.result is not None and g.result["reason"] != "concession"


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_decides_the_same_from_the_same_view_and_seed(level):
    policy = QUICK[level]
    for g, p in _positions(13, limit=4):
        v, legal = g.view(p), g.legal_actions(p)
        assert policy(v, legal, random.Random(42)) == policy(v, legal, random.Random(42))


def _with_other_hidden_cards(g, p: int):
    """A copy of ``g`` in which every card ``p`` cannot see (the other player's deck, deal, recruits and face-down
    cards, and ``p``'s own deck order) is another card: the same view for ``p``."""
    h = Game.restore(g.snapshot())
    q = 3 - p
    creatures = [c["id"] for c in all_cards() if c.get("kind", "creature") == "creature" and not c.get("flyer")]
    rng = random.Random(99)
    for cid in h.decks[q] + h.deals[q] + h.recruits[q]:
        h.cards[cid].defkey = rng.choice(creatures)
    for c in h.cards.values():
        if c.hidden and c.controller == q:
            c.defkey = rng.choice(creatures)
    rng.shuffle(h.decks[p])
    return h


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_decides_the_same_whatever_the_hidden_cards_really_are(level):
    policy = QUICK[level]
    checked = face_down = 0
    for g, p in _positions(17, limit=4):      # each with a card face down to p
        h = _with_other_hidden_cards(g, p)
        if h.view(p) != g.view(p) or h.legal_actions(p) != g.legal_actions(p):
            continue            # a changed face-down card changed what p sees: not this test's case
        assert h.snapshot() != g.snapshot()
        a = policy(g.view(p), g.legal_actions(p), random.Random(5))
        b = policy(h.view(p), h.legal_actions(p), random.Random(5))
        assert a == b
        checked += 1
        face_down += any(c.get("card") is None for c in g.view(p)["cards"].values())
    assert checked >= 3 and face_down >= 1


def test_beginner_passes_instead_of_answering_in_the_other_players_turn():
    for g, p in _positions(15, limit=8):
        v = g.view(p)
        if v["active"] != p and (v["prompt"] or {}).get("kind") == "priority":
            assert beginner_policy(v, g.legal_actions(p), random.Random(1)) == {"act": "pass"}


def test_beginner_never_weakens_an_exchange():
    view = {"viewer": 1, "active": 1, "queue": [], "cards": {}, "prompt": {"kind": "exchange", "player": 1}}
    legal = [{"act": "choose", "option": "weaken"}, {"act": "choose", "option": "keep"}, {"act": "concede"}]
    assert beginner_policy(view, legal, random.Random(1)) == {"act": "choose", "option": "keep"}


@pytest.mark.parametrize("rating,games,level", [(None, 0, "beginner"), (1500.0, 0, "beginner"), (1400.0, 5, "beginner"),
                                                (1500.0, 3, "casual"), (1650.0, 9, "strong"), (1900.0, 30, "expert")])
def test_the_level_offered_follows_the_rating(rating, games, level):
    assert level_for_rating(rating, games) == level


def test_the_searching_levels_never_end_their_turn_while_their_declaration_waits_in_the_queue():
    view = {"viewer": 1, "active": 1, "phase": "main", "queue": [{"source": "k1", "act": "attack"}], "cards": {},
            "prompt": {"kind": "priority", "player": 1}}
    legal = [{"act": "end_turn"}, {"act": "pass"}, {"act": "concede"}]
    for seed in range(8):
        assert steady_policy(view, legal, random.Random(seed)) == {"act": "pass"}
        for level in ("strong", "expert"):
            assert QUICK[level](view, legal, random.Random(seed)) == {"act": "pass"}
