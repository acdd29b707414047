"""A memo for reads of a state that cannot change meanwhile (the engine's speed).

The legal-action listing asks the same questions many times over (what a card has now, its neighbours, its
limits as an attacker) for every source-target pair, and nothing changes the state while it runs. :func:`reading`
marks such a function: while the outermost call of one runs, ``g._memo`` is a dict that the reads of
:mod:`engine.rules.grants`, :mod:`engine.rules.adjacency`, :mod:`engine.rules.combat` and others fill and reuse;
when it returns (or raises) the memo is dropped. So a memo never outlives the scope it was made in, and no cached
answer is kept across a write: invalidation is by construction, not by a version counter that every writer must
remember to bump. (The cards in play are kept apart, on the state itself: ``GameState.play_cards``.)

The one obligation of a function marked :func:`reading`: it writes nothing that a memoized read depends on (the
whole state but the pending triggers, which no memoized read looks at). ``tests/test_engine_memo.py`` checks it
by snapshots over whole games. Memo keys name cards by ``id(card)`` and the entry keeps the card alive.
"""
from __future__ import annotations

import functools

from engine.model.state import GameState


def reading(fn):
    """Decorator for a function ``fn(g, ...)`` that only reads ``g`` (pending triggers aside): its outermost call
    opens a fresh memo on ``g`` and drops it when it returns or raises; nested calls share the open one."""

    @functools.wraps(fn)
    def wrapper(g: GameState, *args, **kwargs):
        opened = open_scope(g)
        try:
            return fn(g, *args, **kwargs)
        finally:
            close_scope(g, opened)

    return wrapper


def open_scope(g: GameState) -> bool:
    """:func:`reading` for a hot caller, without the decorator's generic call: open a fresh memo on ``g`` unless one
    is open; True when this call opened it. The caller runs its reads in ``try`` and passes the result to
    :func:`close_scope` in ``finally``."""
    if g._memo is not None:
        return False
    g._memo = {}
    return True


def close_scope(g: GameState, opened: bool) -> None:
    """Drop the memo :func:`open_scope` opened (``opened`` True); nothing for a nested scope."""
    if opened:
        g._memo = None


def memoized(g: GameState, key, fn, *args):
    """``fn(*args)``, computed once per read-only scope under ``key`` and shared by every later call in it; outside
    a scope, computed on every call. Keys name cards by ``id(card)``: ``args`` are kept in the entry with the value,
    so a card named in a key stays alive (and its id unique) while the memo lives."""
    memo = g._memo
    if memo is None:
        return fn(*args)
    hit = memo.get(key)
    if hit is None:
        hit = memo[key] = (args, fn(*args))
    return hit[1]
