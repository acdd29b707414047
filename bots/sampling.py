"""Samples of what a seat cannot see (determinization, детерминизация), drawn from the public card pool only.

:func:`sample_hidden` guesses, from a player's view alone, the cards face down to that player, both decks (the
viewer's own deck too: the view shows only its size, so its order and contents are guessed the same way) and the
other player's hidden deal and recruits. Each side's guesses come from the pool cards of the elements that side has
shown (all elements while it has shown none), Neutral included, each card at most 3 times [01 §7.1] minus the copies
already seen. :func:`determinized` (or :class:`Sampler`, for many samples of one view) turns a sample into an
engine game (``engine.Game.determinize``); nothing here reads an engine state.
"""
from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

from engine import EngineError, Game, all_cards

#: Copies of one card a constructed deck may hold (01-game-and-cards.md §7.1).
MAX_COPIES = 3
NEUTRAL = "Нейтральные"


@lru_cache(maxsize=1)
def _pool() -> tuple:
    """(id, element, kind) of every pool card, in pool order."""
    return tuple((c["id"], c.get("element"), c.get("kind", "creature")) for c in all_cards())


@lru_cache(maxsize=1)
def _by_id() -> dict:
    """pool id -> (element, kind)."""
    return {i: (e, k) for i, e, k in _pool()}


def _element(key: str) -> str | None:
    return (_by_id().get(key) or (None, None))[0]


def _candidates(view: dict, p: int) -> list[str]:
    """Pool ids side ``p`` may still hold unseen: its shown elements (or all), each card up to the copy limit."""
    seen = Counter(cv["card"] for cv in (view.get("cards") or {}).values()
                   if cv.get("owner") == p and cv.get("card"))
    elements = {_element(k) for k in seen} - {None, NEUTRAL}
    out = []
    for cid, el, _ in _pool():
        if not elements or el in elements or el == NEUTRAL:
            out.extend([cid] * max(0, MAX_COPIES - seen[cid]))
    return out


def _creatures(keys: list[str]) -> list[str]:
    kinds = _by_id()
    return [k for k in keys if (kinds.get(k) or (None, None))[1] == "creature"]


def _draw(rng: random.Random, bag: list[str], n: int, prefer: list[str] | None = None) -> list[str]:
    """``n`` cards taken out of ``bag`` (from ``prefer`` first when given), repeating the bag when it runs dry."""
    out = []
    for _ in range(n):
        src = prefer if prefer else bag
        if not src:
            src = [cid for cid, _, _ in _pool()]
        k = src[rng.randrange(len(src))]
        out.append(k)
        if k in bag:
            bag.remove(k)
        if prefer and k in prefer:
            prefer.remove(k)
    return out


class Sampler:
    """What :func:`sample_hidden` reads of one view, worked out once for the many samples of one decision: per
    side its bag of candidate pool ids, the cards face down to the viewer and the counts the view shows."""

    def __init__(self, view: dict) -> None:
        self.view = view
        me = view.get("viewer")
        players = view.get("players") or {}
        self.sides: list[tuple] = []
        for p in (1, 2):
            pv = players.get(str(p)) or {}
            faces = sorted(cid for cid, cv in (view.get("cards") or {}).items()
                           if cv.get("card") is None and cv.get("owner") == p)
            hidden = (int(pv.get("deal") or 0), int(pv.get("recruits") or 0)) if p != me else None
            self.sides.append((p, _candidates(view, p), faces, hidden, int(pv.get("deck") or 0)))

    def sample(self, rng: random.Random) -> dict:
        """A guess at everything the view hides (see :func:`sample_hidden`)."""
        out: dict = {"hidden": {}, "decks": {}, "deals": {}, "recruits": {}}
        for p, candidates, faces, hidden, deck in self.sides:
            bag = list(candidates)
            if faces:
                drawn = _draw(rng, bag, len(faces), _creatures(bag))
                out["hidden"].update(zip(faces, drawn))
            if hidden is not None:
                out["deals"][p] = _draw(rng, bag, hidden[0])
                out["recruits"][p] = _draw(rng, bag, hidden[1])
            out["decks"][p] = _draw(rng, bag, deck)
        return out

    def game(self, rng: random.Random) -> Game | None:
        """An engine game built from the view and a fresh :meth:`sample` (dice seeded from ``rng``), or None when
        the engine builds no game for this moment (``not_determinizable``: the preliminary phase, a non-empty
        queue)."""
        try:
            return Game.determinize(self.view, self.sample(rng), rng.getrandbits(63))
        except EngineError:
            return None


def sample_hidden(view: dict, rng: random.Random) -> dict:
    """A guess at everything ``view`` hides, as ``engine.Game.determinize`` takes it: ``{"hidden": {alias: pool
    id}, "decks": {1: [...], 2: [...]}, "deals": {p: [...]}, "recruits": {p: [...]}}`` (p the other player).
    Deterministic for a given view and ``rng`` state."""
    return Sampler(view).sample(rng)


def determinized(view: dict, rng: random.Random) -> Game | None:
    """An engine game built from ``view`` and a fresh :func:`sample_hidden` (dice seeded from ``rng``), or None when
    the engine builds no game for this moment (``not_determinizable``: the preliminary phase, a non-empty queue)."""
    return Sampler(view).game(rng)
