"""Rematch: a player of a finished game asks for another with the seats swapped.

Interface: :func:`on_rematch` ``(room, msg) -> dict`` answers the inbox's ``Rematch``: ``{"ok": True, "room",
"create"?}`` (``create``, only on the first ask: the new room's ``reserved`` seats, ``decks`` and ``options`` for
server/rooms.py; ``options["rematch_of"]`` names this room) or ``{"ok": False, "code": "not_a_player" |
"not_finished" | "rematch_declined" | "tutorial_no_rematch", "msg"}``; with ``decline`` it answers ``{"ok": True, "room"}`` (the room to
cancel) or ``{"ok": False, "code": "not_a_player" | "no_rematch", "msg"}``; with ``started`` (sent, not called, by
the rematch room once dealt: server/room/seats.py ``tell_rematch_started``) it answers ``{"ok": True, "room"}``.
``room.rematch`` keeps the new room's id (shown in ``view.room.rematch`` and the lobby entry),
``room.rematch_by`` the seat that asked for it (``view.room.rematch_by``), ``room.rematch_declined`` the seat that
declined it, or withdrew it when that is ``rematch_by`` (``view.room.rematch_declined``),
``room.rematch_started`` whether it was dealt (``view.room.rematch_started``: every viewer is led into it instead
of being offered it).
"""
from __future__ import annotations

import secrets

from ..bus import messages as m
from .status import RoomStatus


async def on_rematch(room, msg: m.Rematch) -> dict:
    """A tutorial's room refuses (``tutorial_no_rematch``). The first ask names the new room, keeps the asking seat (``room.rematch_by``) and answers ``create`` (seat -> who: the seats swapped; the decks as they
    were); later asks answer the same room id. Everyone here is re-synced so the other player sees the offer (and,
    with ``msg.started``, that the rematch began)."""
    if msg.started:
        return await _started(room)
    seats = room.seats
    if seats.seat_of_player(msg.player) is None:
        return {"ok": False, "code": "not_a_player", "text": "rematch_not_a_player",
                "msg": "Only the players of this game can ask for a rematch."}
    if room.options.get("tutorial"):         # a practice from a fixed position, not a match (server/tutorial.py)
        return {"ok": False, "code": "tutorial_no_rematch",
                "msg": "A tutorial's game has no rematch: start the tutorial's part again instead."}
    if room.status is not RoomStatus.FINISHED:
        return {"ok": False, "code": "not_finished", "msg": "The game is not over yet."}
    if msg.decline:
        return await _decline(room, seats.seat_of_player(msg.player))
    if room.rematch_declined is not None:
        return {"ok": False, "code": "rematch_declined", "msg": "The rematch was declined."}
    if room.rematch is not None:
        return {"ok": True, "room": room.rematch}
    room.rematch = secrets.token_urlsafe(9).replace("-", "x").replace("_", "y")
    room.rematch_by = seats.seat_of_player(msg.player)
    labels = room.options["decks"]
    spec = {"reserved": {"1": seats.who(2), "2": seats.who(1)}, "decks": [room.decks[1], room.decks[0]],
            "options": dict(room.options, decks=[labels[1], labels[0]], rematch_of=room.id)}
    await room.store.commit()
    await room.audience.sync_all()
    await room.lobby.publish()
    return {"ok": True, "room": room.rematch, "create": spec}


async def _decline(room, seat: int) -> dict:
    """Seat ``seat`` declines the offered rematch (or withdraws its own): kept in ``room.rematch_declined``,
    everyone re-synced; answers the rematch room's id, which the caller cancels (server/lobby.py)."""
    if room.rematch is None:
        return {"ok": False, "code": "no_rematch", "msg": "No rematch has been offered."}
    if room.rematch_declined is None:
        room.rematch_declined = seat
        await room.store.commit()
        await room.audience.sync_all()
    return {"ok": True, "room": room.rematch}


async def _started(room) -> dict:
    """The rematch room was dealt: kept in ``room.rematch_started``, everyone re-synced (the offer becomes a link
    into it)."""
    if room.rematch is not None and not room.rematch_started:
        room.rematch_started = True
        await room.store.commit()
        await room.audience.sync_all()
    return {"ok": True, "room": room.rematch}
