"""The hidden-information model that the leak checks hold every view and frame to (docs/protocol.md §5).

A :class:`LeakModel` follows one game (fed the game after every applied action) and knows, for each viewer (1, 2,
None = spectator), what that viewer may legitimately know:

* every card it could see at some version (not hidden from it then: engine/view.py's rules [415]);
* every card a rule showed it: a public ``revealed`` event (recruitment's Лазутчица / Линнет with her elite,
  prophecy, copy_ability) to everyone, a ``peeked`` or ``looked`` event only to the player it was meant for
  (``to``). These are the only legitimate reveals of the rules; anything else a viewer learns is a leak.

Hidden from a viewer: the cards in a deck, in another player's deal or recruits, and the face-down cards another
player controls. The checks, each returning a list of failure sentences:

1. :meth:`LeakModel.check_bytes` (raw msgpack frames) and :meth:`LeakModel.check_view` (a decoded view): no instance
   id of a card hidden from the viewer that it never legitimately knew, and no pool id (defkey) of a hidden card
   whose pool id is unique in the game unless the viewer legitimately knew that card's pool id.
2. :meth:`LeakModel.check_view`, the link check: no log or journal event names the alias (``x-<cell>``) of a card
   face down to the viewer together with that card's instance id or pool id.
3. :meth:`LeakModel.check_view`, the history check: no event the viewer was shown naming a card by its instance id is
   later shown naming an alias in the same place (that rewrite would tell which face-down card it is).
"""
from __future__ import annotations

from collections import Counter

import msgpack

VIEWERS = (1, 2, None)
REVEALS = ("revealed", "peeked", "looked")


def hidden_ids(g, viewer) -> set[str]:
    """Instance ids ``viewer`` may not see now: decks, another player's deal and recruits, face-down cards another
    player controls [415]."""
    out = set(g.decks[1]) | set(g.decks[2])
    for p in (1, 2):
        if p != viewer:
            out |= set(g.deals[p]) | set(g.recruits[p])
    for c in g.cards.values():
        if c.hidden and c.controller != viewer:
            out.add(c.id)
    return out


def shown_by(ev: dict) -> list[tuple[str, str]]:
    """``[(instance id, pool id)]`` that a reveal event (``revealed``, ``peeked``, ``looked``) shows; [] for any
    other event."""
    t = ev.get("type")
    if t == "revealed" and ev.get("card"):
        return [(ev["card"], ev.get("defkey"))]
    if t == "peeked":
        return [(c[0], c[1]) for c in ev.get("cards") or []]
    if t == "looked":
        return list(zip(ev.get("cards") or [], ev.get("defkeys") or []))
    return []


def _strings(value, path=()):
    """(path, string) for every string in the JSON-like ``value``."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(v, path + (k,))
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            yield from _strings(v, path + (i,))


def view_events(view: dict) -> list[dict]:
    """Every event a decoded view carries: its ``log`` and, when present, its ``journal``'s entries."""
    out = list(view.get("log") or [])
    for group in view.get("journal") or []:
        for entry in group.get("entries") or []:
            out.extend(entry.get("events") or [])
    return out


class LeakModel:
    """What each viewer of one game may know (module docstring). Feed it the game after each action with
    :meth:`observe` (and once at the start); then check views and frames of that version."""

    def __init__(self, g) -> None:
        self.known: dict = {w: set() for w in VIEWERS}        # instance ids legitimately known
        self.known_pool: dict = {w: set() for w in VIEWERS}   # pool ids legitimately known
        counts = Counter(c.defkey for c in g.cards.values())
        self.unique_pool = {k for k, n in counts.items() if n == 1}
        self.first_seen: dict = {w: {} for w in VIEWERS}      # seq -> {path: string} as first shown
        self.seen_seq = 0
        self.observe(g)

    def observe(self, g) -> None:
        """Learn from the game at its current version: the legitimate reveals among the new events, and what each
        viewer sees now (it keeps knowing it afterwards)."""
        for ev in g.events:
            if ev["seq"] <= self.seen_seq:
                continue
            to = ev.get("to")
            for w in VIEWERS:
                if to in (1, 2) and type(to) is int and to != w:
                    continue
                for cid, key in shown_by(ev):
                    self.known[w].add(cid)
                    self.known_pool[w].add(key)
        self.seen_seq = g.event_seq
        for w in VIEWERS:
            hidden = hidden_ids(g, w)
            visible = [c for c in g.cards.values() if c.id not in hidden]
            self.known[w].update(c.id for c in visible)
            self.known_pool[w].update(c.defkey for c in visible)

    def _forbidden(self, g, viewer) -> tuple[set[str], set[str]]:
        hidden = hidden_ids(g, viewer)
        ids = hidden - self.known[viewer]
        pool = {g.cards[i].defkey for i in hidden if g.cards[i].defkey in self.unique_pool} - self.known_pool[viewer]
        return ids, pool

    def check_bytes(self, g, viewer, data: bytes) -> list[str]:
        """Check 1 on a raw msgpack frame sent to ``viewer`` at the game's current version."""
        ids, pool = self._forbidden(g, viewer)
        leaked = [m for m in sorted(ids | pool) if msgpack.packb(m) in data]
        return [f"viewer {viewer}: hidden {leaked[0]!r} in a frame"] if leaked else []

    def check_view(self, g, viewer, view: dict) -> list[str]:
        """Checks 1-3 on a decoded view of ``viewer`` at the game's current version."""
        ids, pool = self._forbidden(g, viewer)
        found = {s for _, s in _strings(view)}
        fails = [f"viewer {viewer}: hidden {s!r} in the view" for s in sorted((ids | pool) & found)]
        face_down = {f"x-{c.cell}": c for c in g.cards.values() if c.hidden and c.controller != viewer}
        firsts = self.first_seen[viewer]
        for ev in view_events(view):
            strings = dict(_strings(ev))
            values = set(strings.values())
            for a in values & face_down.keys():
                c = face_down[a]
                if c.id in values or c.defkey in values:
                    fails.append(f"viewer {viewer}: event {ev.get('type')} #{ev.get('seq')} links {a} to its card")
            first = firsts.setdefault(ev.get("seq"), strings)
            for path, s in strings.items():
                was = first.get(path)
                if s.startswith("x-") and was is not None and was != s and was in g.cards:
                    fails.append(f"viewer {viewer}: event {ev.get('type')} #{ev.get('seq')} rewrote {was} to {s}")
        return fails
