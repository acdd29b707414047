"""The room's one cache: everything a room derives from its game at one version, or from its public data, and
keeps so that it is built once however many readers want it. Nothing here is state: dropping any of it changes no
frame, only the work to build it again.

Interface (:class:`RoomCache`):

- ``views(game) -> dict``: viewer (1, 2, None) -> engine view of ``game`` at its current version (filled by
  server/room/views.py ``engine_view``); ``forget_version()`` drops them and the legal list once an action's frames
  are built;
- ``legal(game, p, compute) -> list``: ``p``'s legal actions at the current version, ``compute()`` called once;
- ``public(key, build) -> dict``: the views' ``room`` field, built again only when ``key`` (what it shows) changed,
  and kept as the same object while its value is equal (a diff skips it by identity);
- ``info``: the lobby entry put last (server/room/lobby_entry.py), or None.
"""
from __future__ import annotations

from typing import Callable


class RoomCache:
    """The per-version and per-change values of one room (module docstring). Readers must not change them."""

    __slots__ = ("_views", "_legal", "_public", "_public_key", "info")

    def __init__(self) -> None:
        self._views: tuple = (None, -1, {})          # (engine game, version, viewer -> engine view)
        self._legal: tuple = (None, -1, None, None)  # (engine game, version, player, its legal list)
        self._public: dict | None = None             # the views' last "room" value
        self._public_key: tuple | None = None        # what _public was built from
        self.info: dict | None = None                # the lobby entry put last

    def views(self, game) -> dict:
        """The views of ``game`` at its current version (viewer -> view; empty when none is built yet)."""
        g, v, views = self._views
        if g is not game or v != game.version:
            views = {}
            self._views = (game, game.version, views)
        return views

    def held_views(self) -> int:
        """How many engine views the cache holds now (0 once an action's frames are built)."""
        return len(self._views[2])

    def legal(self, game, p, compute: Callable[[], list]) -> list:
        """``p``'s legal actions at ``game``'s version: ``compute()`` the first time, the same list after."""
        g, v, q, got = self._legal
        if g is game and v == game.version and q == p:
            return got
        got = compute()
        self._legal = (game, game.version, p, got)
        return got

    def forget_legal(self) -> None:
        """Drop the listed legal actions (memory)."""
        self._legal = (None, -1, None, None)

    def forget_version(self) -> None:
        """Drop the views and the legal list of the current version (its frames are built; the diffs keep what
        they need as their last views)."""
        self._views = (None, -1, {})
        self.forget_legal()

    def public(self, key: tuple, build: Callable[[], dict]) -> dict:
        """The views' ``room`` value for ``key``: ``build()`` only when ``key`` changed, and the previous object
        kept while the new value equals it."""
        if key != self._public_key:
            public = build()
            if public != self._public:
                self._public = public
            self._public_key = key
        return self._public
