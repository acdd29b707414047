"""Determinization (engine/determinize.py): a game built from one seat's view plus a sample of what it hides, and
the cheap copy a search plays on."""
from __future__ import annotations

import random

import pytest

from bots import heuristic_policy
from bots.sampling import sample_hidden
from engine import EngineError, Game
from engine.cards.decks import starter_decks

DECKS = sorted({tuple(v): k for k, v in starter_decks().items()}.values())


def _free_decisions(seed: int, limit: int = 12):
    """(game, player) at the first ``limit`` free decisions (a priority prompt of a turn, empty queue) of a
    heuristic game, each a restored copy."""
    d = starter_decks()
    g = Game.new(seed, d[DECKS[seed % 3]], d[DECKS[(seed + 1) % 3]])
    rng, out = random.Random(seed), []
    while g.result is None and len(out) < limit:
        p = g.to_act()
        v = g.view(p)
        if (v["prompt"] or {}).get("kind") == "priority" and not v["queue"] and v["phase"] == "main":
            out.append((Game.restore(g.snapshot()), p))
        g.apply(p, heuristic_policy(v, g.legal_actions(p), rng))
    return out


def _true_sample(g, p: int) -> dict:
    """The real hidden cards as a sample (a test may read the engine state; a bot may not)."""
    q = 3 - p
    hidden = {cid: g.cards[g.board[cv["cell"]]].defkey for cid, cv in g.view(p)["cards"].items()
              if cv.get("card") is None}
    return {"hidden": hidden, "decks": {x: [g.cards[i].defkey for i in g.decks[x]] for x in (1, 2)},
            "deals": {q: [g.cards[i].defkey for i in g.deals[q]]},
            "recruits": {q: [g.cards[i].defkey for i in g.recruits[q]]}}


def test_a_game_built_from_a_view_shows_the_viewer_the_same_view_and_legal_actions():
    same = 0
    cases = _free_decisions(4)
    for g, p in cases:
        h = Game.determinize(g.view(p), _true_sample(g, p), seed=1)
        a, b = g.view(p), h.view(p)
        assert {k: a["cards"][k]["card"] for k in a["cards"]} == {k: b["cards"][k]["card"] for k in b["cards"]}
        assert a["players"] == b["players"] and a["prompt"] == b["prompt"] and a["turn"] == b["turn"]
        same += sorted(map(str, g.legal_actions(p))) == sorted(map(str, h.legal_actions(p)))
    assert cases and same >= len(cases) - 1     # per-turn bookkeeping the view lacks may differ once


def test_a_sampled_game_plays_on_with_legal_actions():
    g, p = _free_decisions(5)[-1]
    h = Game.determinize(g.view(p), sample_hidden(g.view(p), random.Random(2)), seed=3)
    rng = random.Random(1)
    for _ in range(200):
        if h.result is not None:
            break
        q = h.to_act()
        h.apply(q, heuristic_policy(h.view(q), h.legal_actions(q), rng))
    assert h.version > 0


def test_the_preliminary_phase_is_not_determinizable():
    d = starter_decks()
    g = Game.new(1, d[DECKS[0]], d[DECKS[1]])
    with pytest.raises(EngineError) as e:
        Game.determinize(g.view(1), {}, seed=1)
    assert e.value.code == "not_determinizable"


def test_a_sample_of_the_wrong_size_is_refused():
    g, p = _free_decisions(6, limit=1)[0]
    sample = _true_sample(g, p)
    sample["decks"][3 - p] = sample["decks"][3 - p][:-1]
    with pytest.raises(EngineError) as e:
        Game.determinize(g.view(p), sample, seed=1)
    assert e.value.code == "not_determinizable"


def test_a_copy_plays_on_exactly_like_its_original():
    g, p = _free_decisions(7)[-1]
    c = g.copy()
    rng_a, rng_b = random.Random(5), random.Random(5)
    for _ in range(60):
        if g.result is not None:
            break
        q = g.to_act()
        assert c.to_act() == q and c.legal_actions(q) == g.legal_actions(q)
        g.apply(q, heuristic_policy(g.view(q), g.legal_actions(q), rng_a))
        c.apply(q, heuristic_policy(c.view(q), c.legal_actions(q), rng_b))
        assert c.view(q)["cards"] == g.view(q)["cards"]


def test_a_copy_is_independent_of_its_original():
    g, p = _free_decisions(8, limit=1)[0]
    before = g.snapshot()
    c = g.copy()
    while c.result is None and c.version < g.version + 30:
        q = c.to_act()
        c.apply(q, c.legal_actions(q)[0])
    assert g.snapshot() == before
