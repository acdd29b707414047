"""The room's lobby entry: what the lobby lists and ``GET /api/rooms/{id}`` answers (server/bus/interfaces.py
``LobbyDirectory``).

Interface (:class:`LobbyEntry`, one per room): ``info() -> dict`` (the entry, built), ``publish()`` (put it, unless
the room is closed), ``publish_moved()`` (put it after applied actions, copying the last one with the three fields
an action can change). The entry put last is the room cache's ``info``.
"""
from __future__ import annotations


class LobbyEntry:
    """The lobby entry of ``room`` (module docstring)."""

    __slots__ = ("room",)

    def __init__(self, room) -> None:
        self.room = room

    def info(self) -> dict:
        """The lobby entry: id, status, decks, clock (None = no clock), spectators allowed, seats taken/connected,
        display names and bots, whether anyone may take seat 2 (``open``), spectator count, version, result,
        creation time (Unix seconds), the rematch room, ``tutorial``: the tutorial part the room plays
        (``"prelim"`` | ``"battle"``, server/tutorial.py) or None; the lobby's public list leaves such rooms out.
        ``owners`` (seat -> player id) is for server-side lookups only: the lobby strips it from its answers
        (server/http_common.py ``public_info``)."""
        r = self.room
        s = r.seats
        clock = r.options.get("clock")
        return {
            "id": r.id, "status": r.status.value, "decks": list(r.options["decks"]),
            "clock": None if clock is None else dict(clock), "spectators": bool(r.options["spectators"]),
            "players": s.names_json(), "bots": s.bots_json(), "open": s.open(),
            "owners": {str(p): s.players[p] for p in (1, 2)}, "rematch": r.rematch,
            "seats": {str(p): {"taken": s.tokens[p] is not None, "connected": r.audience.seat_conn[p] is not None}
                      for p in (1, 2)},
            "watching": r.audience.spectators(), "v": r.v,
            "result": r.versions.game.result, "created": int(r.created), "rated": r.rated,
            "tutorial": r.options.get("tutorial"),
        }

    async def publish(self) -> None:
        """Put the room's lobby entry (:meth:`info`), unless the room is closed."""
        r = self.room
        if not r.closed:
            r.cache.info = self.info()
            await r.bus.lobby.put(r.id, r.cache.info)

    async def publish_moved(self) -> None:
        """Put the lobby entry after applied actions: actions change the game, never the seats, connections, names,
        options or rematch, so of :meth:`info` only ``status``, ``v`` and ``result`` can differ from the entry put
        last; that entry is copied with those three (a new dict: the lobby may still hold the old one) instead of
        building every field again. The same entry as :meth:`info` (tests/server/test_lobby_after_action.py)."""
        r = self.room
        last = r.cache.info
        if last is None:
            await self.publish()
        elif not r.closed:
            r.cache.info = {**last, "status": r.status.value, "v": r.v, "result": r.versions.game.result}
            await r.bus.lobby.put(r.id, r.cache.info)
