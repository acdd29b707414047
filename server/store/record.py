"""The record of a finished game (what the store keeps forever, server/store/__init__.py "finished games"), built
from a finished :class:`server.room.Room`."""
from __future__ import annotations

import time

from .ratings import is_rated


def game_record(room) -> dict:
    """``room`` (finished) as a store game record: seed, decks, the engine's action log, the room-level result
    (a loss on time shows reason "time", a claimed win "abandoned", an abort "aborted" with no winner), players and
    bot seats, rated or not (the creator's choice, never an aborted game: ``Room.counts_for_rating``; and only
    between two registered players with no computer seat), start time and duration (s)."""
    result = room.result if room.result is not None else room.game.result
    started = room.started if room.started is not None else room.created
    ended = room.ended if room.ended is not None else time.time()
    players = {"1": room.seats.players[1], "2": room.seats.players[2]}
    return {
        "id": room.id, "seed": room.seed, "decks": room.decks, "deck_names": list(room.options["decks"]),
        "log": list(room.game.log), "result": result, "players": players,
        "bots": dict(room.seats.bots), "rated": is_rated(players, room.seats.bots) and room.counts_for_rating,
        "started": started,
        "duration": max(0.0, ended - started), "version": room.v,
        "options": {"clock": room.options.get("clock"), "spectators": room.options.get("spectators"),
                    "rated": bool(room.options.get("rated", True))},
    }


def recorder(store):
    """The room's ``recorder`` hook: ``await recorder(room)`` records the finished game (and, when rated, both
    players' Glicko-2 ratings in the same transaction)."""
    async def record(room) -> None:
        if room.options.get("tutorial"):   # a tutorial's fixed position is no match to keep (server/tutorial.py)
            return
        await store.record_game(game_record(room))
    return record
