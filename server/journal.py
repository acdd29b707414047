"""The complete game log of a room, per viewer, grouped and numbered by turn: the engine's view
keeps only its most recent events, the journal keeps every one.

After each version the journal projects the game for each viewer (1, 2 and None = spectator) and keeps the events
of that view's ``log`` it has not seen yet (by their ``seq``), so each viewer's journal holds exactly the events
that viewer's views showed, masked the same way (no hidden card). Shape (JSON-like, the view's ``"journal"``
field in rooms, ``GET /api/games/{id}/log`` in replays)::

    [{"turn": n, "entries": [{"v": version, "player": who acted (None at v0), "events": [event...]}]}]

Turn 0 is the preliminary phase; a version whose action showed that viewer nothing has no entry. Closed turns are
shared between successive copies (:meth:`Journal.view`), so per-viewer diffs only carry the new entries.

Memory: what the viewers saw alike is held once. An event equal to the one another viewer got
with the same ``seq`` is that viewer's object, and an entry whose events are the very same objects as another
viewer's is that viewer's entry dict; each viewer's journal still holds exactly its own events (equal values), only
the storage is shared. Entries and events are read-only once recorded.

Closed turns (every group of a viewer but its last) are kept packed: the groups closed at one version, every
viewer's together, are one zlib-compressed msgpack blob (:class:`_Blob`, events the viewers share written once),
and each such group is a :class:`ClosedGroup` (protocol/packed.py ``Packed``) that the views carry as is: frames
write it as its plain value (the same bytes), diffs compare it by its encoding (the same object in a viewer's
successive views costs nothing; at the version that packed it, its source proves equality by identity), and a
Sync or a reader of :attr:`Journal.groups` decodes it. The older entries of a long open turn (the preliminary
phase) are packed the same way (:class:`ClosedEntry`, all but the last :data:`OPEN_KEEP`; :data:`OPEN_KEEP_TURNS` in
later turns). About 10x less memory for a mid-game journal than dicts (docs/performance.md "Memory").
"""
from __future__ import annotations

import operator
import zlib

import msgpack
from protocol.packed import Packed

VIEWERS = (1, 2, None)


class _Blob:
    """The groups closed at one version, every viewer's together: ``data`` = zlib(msgpack([events, [[turn,
    [[v, player, [event index...]]...]]...]])), each distinct event object (and entry) written once."""

    __slots__ = ("data",)

    @classmethod
    def of(cls, data: bytes) -> "_Blob":
        """The blob whose packed bytes are ``data`` (a snapshot's, :meth:`Journal.to_state`)."""
        if not isinstance(data, bytes):
            raise TypeError("a packed journal blob must be bytes")
        blob = cls.__new__(cls)
        blob.data = data
        return blob

    def __init__(self, groups: list) -> None:
        index: dict = {}              # id(event) -> its index in events
        events: list = []
        cache: dict = {}
        made: dict = {}               # id(entry) -> its shape: an entry the viewers share is indexed once
        shape = []
        for g in groups:
            entries = []
            for en in _plain_entries(g["entries"], cache):
                got = made.get(id(en))
                if got is None:
                    idx = []
                    for e in en["events"]:
                        i = index.get(id(e))
                        if i is None:
                            i = index[id(e)] = len(events)
                            events.append(e)
                        idx.append(i)
                    got = made[id(en)] = [en["v"], en["player"], idx]
                entries.append(got)
            shape.append([g["turn"], entries])
        self.data = zlib.compress(msgpack.packb([events, shape], use_bin_type=True), 1)

    def groups(self) -> list:
        """The plain groups again, in packing order; an event (and an entry) the viewers shared is one object."""
        events, shape = msgpack.unpackb(zlib.decompress(self.data), strict_map_key=False)
        made: dict = {}
        out = []
        for turn, entries in shape:
            out.append({"turn": turn, "entries": _unpacked_entries(entries, events, made)})
        return out


class ClosedGroup(Packed):
    """One viewer's closed turn, ``{"turn": n, "entries": [...]}``, kept as group ``i`` of a :class:`_Blob`.
    ``src``: the group dict it replaced, until the journal's next version (then None): the diff of that version
    compares the previous view's copy of that group with this one by identity of its entries, not by encoding."""

    __slots__ = ("blob", "i", "src")

    def __init__(self, blob: _Blob, i: int, src: dict | None = None) -> None:
        self.blob, self.i, self.src = blob, i, src

    def same_as(self, other) -> bool:
        src = self.src
        return (src is not None and type(other) is dict and other.get("turn") is src["turn"]
                and len(other["entries"]) == len(src["entries"])
                and all(map(operator.is_, other["entries"], src["entries"])))

    def value(self) -> dict:
        return self.blob.groups()[self.i]


class ClosedEntry(Packed):
    """An older entry of a viewer's open turn, ``{"v", "player", "events"}``, kept as entry ``e`` of group ``i``
    of a :class:`_Blob` (the open turns' older entries of every viewer packed together; an entry the viewers
    share is one ClosedEntry)."""

    __slots__ = ("blob", "i", "e", "src")

    def __init__(self, blob: _Blob, i: int, e: int, src: dict | None = None) -> None:
        self.blob, self.i, self.e, self.src = blob, i, e, src   # src: as in ClosedGroup

    def same_as(self, other) -> bool:
        return self.src is not None and other is self.src

    def value(self) -> dict:
        return _decoded(self.blob)[self.i]["entries"][self.e]


#: (blob, its groups) decoded last: a diff or a frame reads a blob's entries in a row. One tuple, replaced whole, so
#: a frame encoded in a worker thread (a relay's resync) never pairs a blob with another's groups.
_last: list = [(None, None)]


def _decoded(blob: _Blob) -> list:
    hit = _last[0]
    if hit[0] is not blob:
        hit = _last[0] = (blob, blob.groups())
    return hit[1]


def _plain_entries(entries: list, cache: dict) -> list:
    """``entries`` with each :class:`ClosedEntry` decoded (each blob once per ``cache``; shared entries stay one
    object)."""
    out = []
    for en in entries:
        if isinstance(en, ClosedEntry):
            got = cache.get(id(en.blob))
            if got is None:
                got = cache[id(en.blob)] = (en.blob, en.blob.groups())
            en = got[1][en.i]["entries"][en.e]
        out.append(en)
    return out


#: Entries of a viewer's open turn kept as dicts: when one has 2 * OPEN_KEEP unpacked, all but the last OPEN_KEEP
#: of every viewer are packed (a long turn - the preliminary phase - holds many).
OPEN_KEEP = 4
#: OPEN_KEEP in turns 1 and later: most of those turns close (and are packed whole, :meth:`Journal._pack`) before
#: they hold 2 * OPEN_KEEP_TURNS entries, so their entries are packed once, not packed, decoded and packed again.
OPEN_KEEP_TURNS = 16


class Journal:
    """Every event each viewer saw, by turn. Feed it with :meth:`record` after every version."""

    def __init__(self) -> None:
        self._groups: dict = {viewer: [] for viewer in VIEWERS}   # viewer -> [ClosedGroup..., open dict groups]
        self._seen: dict = {viewer: -1 for viewer in VIEWERS}
        self._open_packed: dict = {viewer: 0 for viewer in VIEWERS}   # leading ClosedEntry items of the open turn
        self._fresh: list = []        # what the last version packed, still knowing its source (``src``)

    @property
    def groups(self) -> dict:
        """viewer -> that viewer's journal as plain data (closed turns decoded; an event the viewers shared is one
        object). A new copy each call: for replays, tests and snapshots, not for the action path."""
        out: dict = {viewer: [] for viewer in VIEWERS}
        decoded: dict = {}
        for viewer in VIEWERS:
            for g in self._groups[viewer]:
                if isinstance(g, ClosedGroup):
                    got = decoded.get(id(g.blob))
                    if got is None:
                        got = decoded[id(g.blob)] = (g.blob, g.blob.groups())
                    g = got[1][g.i]
                else:             # a new group and list: the re-sharing below must not touch the live ones
                    g = {"turn": g["turn"], "entries": _plain_entries(g["entries"], decoded)}
                out[viewer].append(g)
        seen: dict = {}        # an open turn's entries may be packed for one viewer and not yet for another
        for viewer in VIEWERS:
            for g in out[viewer]:
                for i, en in enumerate(g["entries"]):
                    events = [_shared(seen, e) for e in en["events"]]
                    if any(a is not b for a, b in zip(events, en["events"])):
                        g["entries"][i] = dict(en, events=events)
        return out

    def _pack(self) -> None:
        """Pack every viewer's closed dict groups (all but its last), one blob for all of them."""
        closed = [(viewer, i) for viewer in VIEWERS for i, g in enumerate(self._groups[viewer][:-1])
                  if type(g) is dict]
        if not closed:
            return
        blob = _Blob([self._groups[viewer][i] for viewer, i in closed])
        for k, (viewer, i) in enumerate(closed):
            packed = self._groups[viewer][i] = ClosedGroup(blob, k, self._groups[viewer][i])
            self._fresh.append(packed)

    def _pack_open(self) -> None:
        """Pack the older entries of every viewer's open turn (all but the last :func:`_open_keep` dict entries),
        one blob for all of them, once a viewer has twice that many unpacked."""
        spans = []
        for viewer in VIEWERS:
            groups = self._groups[viewer]
            if groups:
                entries, start = groups[-1]["entries"], self._open_packed[viewer]
                keep = _open_keep(groups[-1]["turn"])
                if len(entries) - start > keep:
                    spans.append((viewer, start, len(entries) - keep))
        if not spans:
            return
        blob = _Blob([{"turn": None, "entries": self._groups[viewer][-1]["entries"][a:b]} for viewer, a, b in spans])
        made: dict = {}
        for i, (viewer, a, b) in enumerate(spans):
            entries = self._groups[viewer][-1]["entries"]
            for j in range(a, b):
                key = id(entries[j])
                packed = made.get(key)
                if packed is None:
                    packed = made[key] = (ClosedEntry(blob, i, j - a, entries[j]), entries[j])
                    self._fresh.append(packed[0])
                entries[j] = packed[0]
            self._open_packed[viewer] = b

    def record(self, game, actor: int | None, view_of=None) -> None:
        """Add what each viewer sees new in ``game`` (the engine game) at its current version; ``actor``: the
        player whose action made the version (None for the start). ``view_of(viewer)``: the engine view of
        ``game`` at this version (default ``game.view``; a room passes its per-version cache, so the views the
        journal reads are the ones the room's diffs use, projected once); only its ``log`` and ``turn`` are read."""
        v = game.version
        view_of = view_of or game.view
        self.settled()
        seen: dict = {}               # seq -> the event objects already kept for other viewers at this version
        made: list = []               # the entries kept for other viewers at this version
        turned = False                # a viewer's journal began a new turn (its previous one is closed)
        full = False                  # a viewer's open turn holds twice the entries it keeps unpacked
        alike: tuple = ((), -1, None, 0)  # (log, seen before, entry or None, seq) of the viewer recorded last
        for viewer in VIEWERS:
            view = view_of(viewer)
            last = self._seen[viewer]
            log = view.get("log") or ()
            if log is alike[0] and last == alike[1]:    # the very log the viewer before had, from the same point
                entry = alike[2]                         # (a seat's view shares the spectator's log when it
                if entry is None:                        # shows the same events): the same entry, or none
                    continue
                self._seen[viewer] = alike[3]
            else:
                i = len(log)     # the log is in seq order (the engine numbers its events as it emits them): the
                while i and log[i - 1].get("seq", 0) > last:    # new events are its tail, found from the end
                    i -= 1                                       # (not a scan of the whole log per viewer)
                if i == len(log):
                    alike = (log, last, None, last)
                    continue
                fresh = log[i:]
                self._seen[viewer] = fresh[-1].get("seq", 0)
                fresh = [_shared(seen, e) for e in fresh]
                entry = next((x for x in made if len(x["events"]) == len(fresh)
                              and all(map(operator.is_, x["events"], fresh))), None)
                if entry is None:
                    entry = {"v": v, "player": actor, "events": fresh}
                    made.append(entry)
                alike = (log, last, entry, self._seen[viewer])
            groups, turn = self._groups[viewer], view.get("turn", 0)
            if not groups or groups[-1]["turn"] != turn:
                turned = turned or bool(groups)
                groups.append({"turn": turn, "entries": []})
                self._open_packed[viewer] = 0
            entries = groups[-1]["entries"]
            entries.append(entry)
            full = full or len(entries) - self._open_packed[viewer] >= 2 * _open_keep(turn)
        if turned:
            self._pack()
        if full:        # only a viewer who got an entry can have reached it
            self._pack_open()

    def settled(self) -> None:
        """The diffs of the version recorded last are built: what it packed forgets its sources (``src``: only
        memory then). Called by :meth:`record` and by the room once an action's frames are built."""
        for packed in self._fresh:
            packed.src = None
        self._fresh.clear()

    def view(self, viewer) -> list:
        """``viewer``'s journal as a value for a view: a new outer list and a new last turn (so a diff against
        the previous copy sees the appended entries), earlier turns shared (packed, :class:`ClosedGroup`)."""
        groups = self._groups[viewer]
        if not groups:
            return []
        last = groups[-1]
        return groups[:-1] + [{"turn": last["turn"], "entries": list(last["entries"])}]

    def to_state(self) -> dict:
        """The journal as plain data for a room snapshot (msgpack-able; server-side only, like the game snapshot
        beside it): ``{"events": [each distinct event object of the open turns once], "blobs": [packed closed
        turns, bytes], "groups": {"1"|"2"|"s": [[turn, [[v, player, [event index...]]...]] | {"blob": j, "i": i}
        ...]}, "seen": {"1"|"2"|"s": seq}}`` (closed turns as their packed bytes, not decoded). :meth:`from_state`
        gives an equal journal."""
        index: dict = {}
        events: list = []
        blobs: dict = {}

        def ix(e) -> int:
            i = index.get(id(e))
            if i is None:
                i = index[id(e)] = len(events)
                events.append(e)
            return i

        def item(g):
            if isinstance(g, ClosedGroup):
                return {"blob": blobs.setdefault(id(g.blob), (len(blobs), g.blob))[0], "i": g.i}
            return [g["turn"], [[en["v"], en["player"], [ix(e) for e in en["events"]]]
                                for en in _plain_entries(g["entries"], cache)]]
        cache: dict = {}
        groups = {_key(viewer): [item(g) for g in self._groups[viewer]] for viewer in VIEWERS}
        return {"events": events, "blobs": [b.data for _, b in sorted(blobs.values(), key=lambda x: x[0])],
                "groups": groups, "seen": {_key(v): self._seen[v] for v in VIEWERS}}

    @classmethod
    def from_state(cls, state: dict) -> "Journal":
        """The journal :meth:`to_state` described, what the viewers saw alike again held once (a state without
        ``blobs``, from before closed turns were packed, is packed now). Raises KeyError, IndexError or TypeError
        on a malformed state."""
        journal = cls()
        events = state["events"]
        blobs = [_Blob.of(data) for data in state.get("blobs") or ()]
        made: dict = {}
        for viewer in VIEWERS:
            for it in state["groups"][_key(viewer)]:
                if isinstance(it, dict):
                    journal._groups[viewer].append(ClosedGroup(blobs[it["blob"]], it["i"]))
                    continue
                turn, entries = it
                journal._groups[viewer].append({"turn": turn, "entries": _unpacked_entries(entries, events, made)})
            journal._seen[viewer] = state["seen"][_key(viewer)]
        journal._pack()
        return journal

    @classmethod
    def rebuild(cls, engine, seed: int, decks: list, log: list, start=None) -> "Journal":
        """The journal of a game replayed from its seed, decks and action log (a restored room, a replay), or
        from ``start``, the game as dealt (a tutorial room's fixed position, server/tutorial.py ``new_game``).
        Each version is read through the engine's ``log_view`` (only the ``turn`` and ``log`` a journal reads:
        about 40 % less than projecting whole views; engines without it: ``view``). Raises the engine's
        EngineError when the log does not replay."""
        journal = cls()
        game = start if start is not None else engine.Game.new(seed=seed, deck1=decks[0], deck2=decks[1])
        view_of = getattr(game, "log_view", None)
        journal.record(game, None, view_of)
        for player, action in log:
            game.apply(player, action)
            journal.record(game, player, view_of)
        return journal


def _unpacked_entries(shape: list, events: list, made: dict) -> list:
    """A turn's entries from their packed shape ``[[v, player, [event index...]]...]`` and the distinct ``events``;
    an entry already ``made`` (same v, player and events: the viewers shared it) is that one object again."""
    out = []
    for v, player, idx in shape:
        key = (v, player, tuple(idx))
        entry = made.get(key)
        if entry is None:
            entry = made[key] = {"v": v, "player": player, "events": [events[i] for i in idx]}
        out.append(entry)
    return out


def _open_keep(turn) -> int:
    """The entries of an open turn ``turn`` kept as dicts after :meth:`Journal._pack_open` (:data:`OPEN_KEEP`,
    :data:`OPEN_KEEP_TURNS`)."""
    return OPEN_KEEP if not turn else OPEN_KEEP_TURNS


def _key(viewer) -> str:
    return "s" if viewer is None else str(viewer)


def _shared(seen: dict, event: dict) -> dict:
    """``event``, or the equal event with the same ``seq`` another viewer already got (then kept once)."""
    kept = seen.setdefault(event.get("seq"), [])
    for other in kept:
        if other is event or other == event:     # mostly the very object (a dict's == compares it all)
            return other
    kept.append(event)
    return event
