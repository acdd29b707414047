"""Rematch: a player of a finished game asks for another with the seats swapped.

Interface: :func:`on_rematch` ``(room, msg) -> dict`` answers the inbox's ``Rematch``: ``{"ok": True, "room",
"create"?}`` (``create``, only on the first ask: the new room's ``reserved`` seats, ``decks`` and ``options`` for
server/rooms.py) or ``{"ok": False, "code": "not_a_player" | "not_finished", "msg"}``. ``room.rematch`` keeps the
new room's id (shown in ``view.room.rematch`` and the lobby entry).
"""
from __future__ import annotations

import secrets

from ..bus import messages as m
from .status import RoomStatus


async def on_rematch(room, msg: m.Rematch) -> dict:
    """The first ask names the new room and answers ``create`` (seat -> who: the seats swapped; the decks as they
    were); later asks answer the same room id. Everyone here is re-synced so the other player sees the offer."""
    seats = room.seats
    if seats.seat_of_player(msg.player) is None:
        return {"ok": False, "code": "not_a_player", "text": "rematch_not_a_player",
                "msg": "Only the players of this game can ask for a rematch."}
    if room.status is not RoomStatus.FINISHED:
        return {"ok": False, "code": "not_finished", "msg": "The game is not over yet."}
    if room.rematch is not None:
        return {"ok": True, "room": room.rematch}
    room.rematch = secrets.token_urlsafe(9).replace("-", "x").replace("_", "y")
    labels = room.options["decks"]
    spec = {"reserved": {"1": seats.who(2), "2": seats.who(1)}, "decks": [room.decks[1], room.decks[0]],
            "options": dict(room.options, decks=[labels[1], labels[0]])}
    await room.store.commit()
    await room.audience.sync_all()
    await room.lobby.publish()
    return {"ok": True, "room": room.rematch, "create": spec}
