"""The complete game log of a room, per viewer, grouped and numbered by turn (issue 19 item 4): the engine's view
keeps only its most recent events, the journal keeps every one.

After each version the journal projects the game for each viewer (1, 2 and None = spectator) and keeps the events
of that view's ``log`` it has not seen yet (by their ``seq``), so each viewer's journal holds exactly the events
that viewer's views showed, masked the same way (no hidden card). Shape (JSON-like, the view's ``"journal"``
field in rooms, ``GET /api/games/{id}/log`` in replays)::

    [{"turn": n, "entries": [{"v": version, "player": who acted (None at v0), "events": [event...]}]}]

Turn 0 is the preliminary phase; a version whose action showed that viewer nothing has no entry. Closed turns are
shared between successive copies (:meth:`Journal.view`), so per-viewer diffs only carry the new entries.

Memory (issue 21 item 5): what the viewers saw alike is held once. An event equal to the one another viewer got
with the same ``seq`` is that viewer's object, and an entry whose events are the very same objects as another
viewer's is that viewer's entry dict; each viewer's journal still holds exactly its own events (equal values), only
the storage is shared. Entries and events are read-only once recorded.
"""
from __future__ import annotations

VIEWERS = (1, 2, None)


class Journal:
    """Every event each viewer saw, by turn. Feed it with :meth:`record` after every version."""

    def __init__(self) -> None:
        self.groups: dict = {viewer: [] for viewer in VIEWERS}
        self._seen: dict = {viewer: -1 for viewer in VIEWERS}

    def record(self, game, actor: int | None, view_of=None) -> None:
        """Add what each viewer sees new in ``game`` (the engine game) at its current version; ``actor``: the
        player whose action made the version (None for the start). ``view_of(viewer)``: the engine view of
        ``game`` at this version (default ``game.view``; a room passes its per-version cache, so the views the
        journal reads are the ones the room's diffs use, projected once); only its ``log`` and ``turn`` are read."""
        v = game.version
        view_of = view_of or game.view
        seen: dict = {}               # seq -> the event objects already kept for other viewers at this version
        made: list = []               # the entries kept for other viewers at this version
        for viewer in VIEWERS:
            view = view_of(viewer)
            fresh = [e for e in view.get("log") or [] if e.get("seq", 0) > self._seen[viewer]]
            if not fresh:
                continue
            self._seen[viewer] = max(e.get("seq", 0) for e in fresh)
            fresh = [_shared(seen, e) for e in fresh]
            groups, turn = self.groups[viewer], view.get("turn", 0)
            if not groups or groups[-1]["turn"] != turn:
                groups.append({"turn": turn, "entries": []})
            entry = next((x for x in made if len(x["events"]) == len(fresh)
                          and all(a is b for a, b in zip(x["events"], fresh))), None)
            if entry is None:
                entry = {"v": v, "player": actor, "events": fresh}
                made.append(entry)
            groups[-1]["entries"].append(entry)

    def view(self, viewer) -> list:
        """``viewer``'s journal as a value for a view: a new outer list and a new last turn (so a diff against
        the previous copy sees the appended entries), earlier turns shared."""
        groups = self.groups[viewer]
        if not groups:
            return []
        last = groups[-1]
        return groups[:-1] + [{"turn": last["turn"], "entries": list(last["entries"])}]

    def to_state(self) -> dict:
        """The journal as plain data for a room snapshot (msgpack-able; server-side only, like the game snapshot
        beside it): ``{"events": [each distinct event object once], "groups": {"1"|"2"|"s": [[turn, [[v, player,
        [event index...]]...]]...]}, "seen": {"1"|"2"|"s": seq}}``. :meth:`from_state` gives an equal journal."""
        index: dict = {}
        events: list = []

        def ix(e) -> int:
            i = index.get(id(e))
            if i is None:
                i = index[id(e)] = len(events)
                events.append(e)
            return i
        groups = {_key(viewer): [[g["turn"], [[en["v"], en["player"], [ix(e) for e in en["events"]]]
                                               for en in g["entries"]]] for g in self.groups[viewer]]
                  for viewer in VIEWERS}
        return {"events": events, "groups": groups, "seen": {_key(v): self._seen[v] for v in VIEWERS}}

    @classmethod
    def from_state(cls, state: dict) -> "Journal":
        """The journal :meth:`to_state` described, what the viewers saw alike again held once. Raises KeyError,
        IndexError or TypeError on a malformed state."""
        journal = cls()
        events = state["events"]
        made: dict = {}
        for viewer in VIEWERS:
            for turn, entries in state["groups"][_key(viewer)]:
                group = {"turn": turn, "entries": []}
                for v, player, idx in entries:
                    key = (v, player, tuple(idx))
                    entry = made.get(key)
                    if entry is None:
                        entry = made[key] = {"v": v, "player": player, "events": [events[i] for i in idx]}
                    group["entries"].append(entry)
                journal.groups[viewer].append(group)
            journal._seen[viewer] = state["seen"][_key(viewer)]
        return journal

    @classmethod
    def rebuild(cls, engine, seed: int, decks: list, log: list) -> "Journal":
        """The journal of a game replayed from its seed, decks and action log (a restored room, a replay).
        Raises the engine's EngineError when the log does not replay."""
        journal = cls()
        game = engine.Game.new(seed=seed, deck1=decks[0], deck2=decks[1])
        journal.record(game, None)
        for player, action in log:
            game.apply(player, action)
            journal.record(game, player)
        return journal


def _key(viewer) -> str:
    return "s" if viewer is None else str(viewer)


def _shared(seen: dict, event: dict) -> dict:
    """``event``, or the equal event with the same ``seq`` another viewer already got (then kept once)."""
    kept = seen.setdefault(event.get("seq"), [])
    for other in kept:
        if other == event:
            return other
    kept.append(event)
    return event
