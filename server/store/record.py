"""The record of a finished game (what the store keeps forever, server/store/__init__.py "finished games"), built
from a finished :class:`server.room.Room`."""
from __future__ import annotations

import time

from .ratings import is_rated


def game_record(room) -> dict:
    """``room`` (finished) as a store game record: seed, decks, the engine's action log, the room-level result
    (a loss on time shows reason "time"), players and bot seats, rated or not, start time and duration (s)."""
    result = room.result if room.result is not None else room.game.result
    started = room.started if room.started is not None else room.created
    ended = room.ended if room.ended is not None else time.time()
    players = {"1": room.seats.players[1], "2": room.seats.players[2]}
    return {
        "id": room.id, "seed": room.seed, "decks": room.decks, "deck_names": list(room.options["decks"]),
        "log": list(room.game.log), "result": result, "players": players,
        "bots": dict(room.seats.bots), "rated": is_rated(players, room.seats.bots), "started": started,
        "duration": max(0.0, ended - started), "version": room.v,
        "options": {"clock": room.options.get("clock"), "spectators": room.options.get("spectators")},
    }


def recorder(store):
    """The room's ``recorder`` hook: ``await recorder(room)`` records the finished game (and, when rated, both
    players' Glicko-2 ratings in the same transaction)."""
    async def record(room) -> None:
        await store.record_game(game_record(room))
    return record
