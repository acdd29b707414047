"""Shared helpers for tests that play random games through the engine."""
from __future__ import annotations

import random

from engine import Game, load_deck, starter_decks
from engine.selfplay import random_action

DECKS = sorted(n for n in starter_decks() if any("а" <= ch <= "я" for ch in n.lower()))


def new_game(seed: int) -> Game:
    """A new game between two starter decks chosen by the seed."""
    return Game.new(seed, load_deck(DECKS[seed % 3]), load_deck(DECKS[(seed + 1) % 3]))


def random_steps(g: Game, seed: int, n: int):
    """Apply up to ``n`` random legal actions, yielding after each one."""
    rng = random.Random(seed)
    for _ in range(n):
        if g.result is not None:
            return
        p = g.to_act()
        g.apply(p, random_action(rng, g.legal_actions(p)))
        yield


def hidden_ids(g: Game, viewer) -> set[str]:
    """Instance ids ``viewer`` may not see: decks, the other players' deal and recruits, face-down cards of
    others; not the cards whose pending triggers ``viewer`` is asked about (engine/view.py shows them)."""
    out = set()
    for p in (1, 2):
        out.update(g.decks[p])
        if viewer != p:
            out.update(g.deals[p])
            out.update(g.recruits[p])
    out.update(c.id for c in g.cards.values() if c.hidden and c.controller != viewer)
    if viewer in (1, 2):   # a card whose trigger the viewer is asked about is shown wherever it lies (view.py)
        out.difference_update(t["source"] for t in g.pending[viewer])
    return out
