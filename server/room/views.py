"""The game as the room's versions see it (protocol/versioning.py ``RoomVersions``): the engine game plus the room's
public data, projected once per version and viewer.

Interface:

- :class:`RoomGame` (``version``, ``result``, ``to_act()``, ``legal_actions(p)``, ``apply(p, action)``,
  ``view(viewer)``, ``views(viewers)``, ``public()``, ``public_key()``, ``forget_legal()``): what ``RoomVersions``
  wraps. A view adds ``"room"`` and ``"journal"`` to the engine's view, and nothing else: never the seed, the deck
  lists or the action log, finished or not (a finished game's record is the games API's, server/games_api.py, which
  shows each viewer only its own viewpoint);
- :func:`engine_view` ``(room, viewer) -> dict``: the engine's view at the current version, projected once (the
  three viewers together) and kept in the room's cache (server/room/cache.py);
- :func:`share_alike`: a seat's view shares with the spectator's what they show alike.
"""
from __future__ import annotations

import operator

from ..journal import VIEWERS
from .status import RoomStatus, waiting_view


def share_alike(view: dict, public: dict) -> None:
    """Make what a seat's engine view (``view``) shows exactly as the spectator's view of the same version
    (``public``) does that very object, so the rooms' last views hold it once: each entry of ``players`` equal to
    the spectator's, and the ``log`` list when it holds the same event objects (the engine already shares the
    cards, ``Game.views``). Values are unchanged (equal, built by the same projection from the same state), so diffs
    and frames are too; the engine builds every view afresh, so its containers are the room's to share."""
    theirs, mine = public.get("players"), view.get("players")
    if theirs and mine:
        for k, value in mine.items():
            other = theirs.get(k)
            if other is not None and other is not value and other == value:    # (the engine shares the
                mine[k] = other                                              # entries it can: no compare)
    log, theirs = view.get("log"), public.get("log")
    if log is not None and theirs is not None and log is not theirs and len(log) == len(theirs) \
            and all(map(operator.is_, log, theirs)):
        view["log"] = theirs


def engine_view(room, viewer, views: dict | None = None) -> dict:
    """The engine's view of ``room``'s game for ``viewer`` (1, 2, None) at the current version, projected once per
    version and viewer however many readers want it (the journal, each tracked viewer's diff, every spectator
    sharing viewer None). Readers must not change it (RoomGame copies it before adding the room's fields). The
    first request of a version projects all three together (``Game.views``: cards seen alike shared). The room
    drops the views once an action's frames are built (they live on only as the diffs' last views). Timed as phase
    ``project`` (mostly outside ``view``: the journal asks first, right after ``apply``). ``views``: what
    ``room.cache.views(room.game)`` gives now, when the caller has it (asking for several viewers at one version)."""
    if views is None:
        views = room.cache.views(room.game)
    got = views.get(viewer)
    if got is None:
        with room.metrics.phase("project"):
            if not views and hasattr(room.game, "views"):    # the journal reads all three: project them
                views.update(room.game.views(VIEWERS))           # together (cards seen alike built once)
                for seat in (1, 2):
                    share_alike(views[seat], views[None])
                return views[viewer]
            got = views[viewer] = room.game.view(viewer)
    return got


class RoomGame:
    """The game as protocol/versioning.py sees it: the engine game plus the room's public data.

    ``view`` adds ``"room"`` and ``"journal"`` (never the seed, decks or action log); before the deal (no engine
    game yet: a seat or a deck is missing) the view is :func:`waiting_view`, ``to_act``/``legal_actions`` are empty and ``apply``
    refuses; ``result`` is the room-level result (a loss on time shows reason ``"time"``).
    """

    def __init__(self, room) -> None:
        self.room = room

    @property
    def version(self) -> int:
        return 0 if self.room.game is None else self.room.game.version

    @property
    def result(self):
        if self.room.result is not None:
            return self.room.result
        return None if self.room.game is None else self.room.game.result

    def to_act(self):
        return None if self.room.status is RoomStatus.WAITING else self.room.game.to_act()

    def legal_actions(self, p):
        """``p``'s legal actions, listed once per version and player: the frames' ``legal`` and the room's
        automatic-pass check read the same list. Readers must not change it."""
        if self.room.status is RoomStatus.WAITING:
            return []
        room = self.room
        return room.cache.legal(room.game, p, lambda: self._list(p))

    def _list(self, p) -> list:
        with self.room.metrics.phase("legal"):
            return self.room.game.legal_listing(p)      # read-only: the engine's dicts, not copies

    def forget_legal(self) -> None:
        """Drop the listed legal actions (the room calls it once an action's frames are built)."""
        self.room.cache.forget_legal()

    def apply(self, p, action):
        if self.room.status is RoomStatus.WAITING:
            raise self.room.engine.EngineError("not_your_turn", "The game waits for a second player.")
        if action.get("act") == "concede":     # a player's concession never names its reason (only the room's
            action = {"act": "concede"}        # loss on time and claimed win do: server/room/clocks.py, endings.py)
        return self.room.apply(p, action)

    def view(self, viewer) -> dict:
        """``viewer``'s view (class docstring); RoomVersions times it (phase ``view``)."""
        return self._view(viewer, self._public())

    def views(self, viewers) -> list:
        """:meth:`view` of each of ``viewers`` (1, 2, None), in order, at one version: the ``room`` field looked up
        once for all of them."""
        public = self._public()
        views = None if self.room.game is None else self.room.cache.views(self.room.game)
        return [self._view(viewer, public, views) for viewer in viewers]

    def _public(self) -> dict:
        """The views' ``room`` value now: one object for every viewer, built again only when it changed."""
        return self.room.cache.public(self.public_key(), self.public)

    def public_key(self) -> tuple:
        """Everything :meth:`public` is built from, as one tuple: equal tuples give equal ``room`` fields."""
        r = self.room
        s = r.seats
        return (r.id, r.status, self.result, r.options["spectators"], r.options.get("clock"), s.names[1],
                s.names[2], s.bots.get("1"), s.bots.get("2"), r.decks[0] is not None, r.decks[1] is not None,
                s.tokens[1] is not None, s.tokens[2] is not None, r.rematch, r.rematch_declined, r.rematch_started,
                r.rematch_by, r.rated, r.options.get("tutorial"))

    def public(self) -> dict:
        """The views' ``room`` field, built: ``{"id", "status", "result", "spectators", "players", "bots",
        "decks", "seated", "clock", "rematch", "rematch_declined", "rematch_started", "rematch_by", "rated",
        "tutorial"}``
        (``rematch_by``: the seat that asked for the rematch, or None; ``rematch_declined``: the seat that declined
        the rematch, or withdrew it when it is ``rematch_by``, or None; in a rematch room closed
        before its deal, the seat of that room that declined it, server/room/endings.py ``cancel``;
        ``rematch_started``: the rematch room was dealt; ``tutorial``: the tutorial part the room plays, ``"prelim"``
        | ``"battle"``, or None, server/tutorial.py)."""
        r = self.room
        return {"id": r.id, "status": r.status.value, "result": self.result,
                "spectators": bool(r.options["spectators"]), "players": r.seats.names_json(),
                "bots": r.seats.bots_json(), "decks": {str(p): r.decks[p - 1] is not None for p in (1, 2)},
                "seated": {str(p): r.seats.tokens[p] is not None for p in (1, 2)},
                "clock": r.options.get("clock"), "rematch": r.rematch,
                "rematch_declined": r.rematch_declined, "rematch_started": r.rematch_started,
                "rematch_by": r.rematch_by, "rated": r.rated, "tutorial": r.options.get("tutorial")}

    def _view(self, viewer, public: dict, views: dict | None = None) -> dict:
        r = self.room
        view = waiting_view(viewer) if r.game is None else dict(engine_view(r, viewer, views))
        view["room"] = public
        view["journal"] = [] if r.game is None else r.journal.view(viewer)
        return view
