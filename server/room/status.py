"""A room's lifecycle and the pure reads about it (no room state of their own).

Interface: :class:`RoomStatus`; :func:`starts_turns` (events reach turn 1), :func:`only_pass` (RULES.md Q10),
:func:`waiting_view` (the view before the deal), :func:`status_from_view` (the status of a snapshot that predates the
``status`` field).
"""
from __future__ import annotations

import enum

PRELIM_KINDS = {"first", "redeal", "recruit", "deploy"}


class RoomStatus(enum.StrEnum):
    """Where a room is in its life (docs/server.md "Rooms"); the value is what views and lobby entries carry."""

    WAITING = "waiting"            # seat 2 free; nobody may act, clocks stopped
    PRELIMINARY = "preliminary"    # the preliminary phase: deal, redeal, recruitment, placement
    PLAYING = "playing"            # turn 1 has begun
    FINISHED = "finished"          # the game has a result; kept as a replay


def starts_turns(events: list) -> bool:
    """Whether engine events (``Game.apply``'s answer) show the game reaching its turns: a ``phase`` or ``turn``
    event of turn 1 or later (engine-api.md "Events"; the preliminary phase is turn 0)."""
    return any(isinstance(e, dict) and e.get("type") in ("phase", "turn") and (e.get("turn") or 0) >= 1
               for e in events or ())


def only_pass(legal: list[dict]) -> bool:
    """RULES.md Q10: the player's only legal action is ``pass`` (``concede`` is always legal and does not count)."""
    passes = 0
    for a in legal:            # stops at the second action that is not a concession (a list holds dozens)
        act = a.get("act")
        if act != "concede":
            if act != "pass" or passes:
                return False
            passes = 1
    return passes == 1


def waiting_view(viewer) -> dict:
    """The view before the deal (nothing is dealt until both seats and both decks are known)."""
    return {"viewer": viewer, "turn": 0, "phase": None, "active": None, "first": None, "to_act": None,
            "prompt": None, "queue": [], "executing": None, "cards": {}, "players": {}, "log": [], "result": None}


def status_from_view(room) -> RoomStatus:
    """The status of ``room`` (server/room/room.py ``Room``) restored from a snapshot older than the ``status``
    field, read once from the spectator view (turn 0 or a preliminary prompt means the preliminary phase)."""
    game, result, seat2_taken = room.game, room.result, room.seats.tokens[2] is not None
    if game is None:
        return RoomStatus.WAITING
    if result is not None or game.result is not None:
        return RoomStatus.FINISHED
    if not seat2_taken:
        return RoomStatus.WAITING
    public = game.view(None)
    prompt = public.get("prompt") or {}
    prelim = (public.get("turn") or 0) < 1 or prompt.get("kind") in PRELIM_KINDS
    return RoomStatus.PRELIMINARY if prelim else RoomStatus.PLAYING
