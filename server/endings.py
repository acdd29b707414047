"""How a game ends besides the rules: a player away (their last connection gone), the win claimed after the grace
period, and the abort of a game nobody has really played yet (docs/server.md "Leavers and aborts").

- **Away.** When a seat's last connection drops while the game runs, every other viewer learns it at once (the
  frames' ``clocks.away``: seat -> ms of grace left) and the seat's bank is held (server/clock.py). A returning
  connection ends it.
- **Claim.** Once the grace period (``disconnect_grace`` seconds, a setting) of the away player is over, the player
  present may claim the win: the away player concedes and the result reads ``{"winner", "reason": "abandoned"}``.
- **Abort.** Up to the end of the first player's first turn (engine turn <= 1, the preliminary phase included)
  either player may abort; a seat that is away when its grace ends in that window aborts the game by itself. An
  aborted game has ``{"winner": None, "reason": "aborted"}``, is recorded as aborted and never rated. Before the
  deal there is no game: an abort closes the room.

Refusals answer ``{"ok": False, "code", "msg"}`` and change nothing.
"""
from __future__ import annotations

import time

ABANDONED = "abandoned"
ABORTED = "aborted"


class Away:
    """The seats whose last connection is gone: seat -> the monotonic instant it went (``grace`` in seconds)."""

    def __init__(self, grace: float) -> None:
        self.grace = float(grace)
        self.since: dict[int, float] = {}
        self.told: set[int] = set()        # seats whose grace end has been announced (:meth:`due`)

    def left(self, p: int, now: float) -> None:
        """Seat ``p`` lost its last connection at ``now`` (an earlier departure is kept)."""
        self.since.setdefault(p, now)

    def back(self, p: int) -> None:
        """Seat ``p`` has a connection again."""
        self.since.pop(p, None)
        self.told.discard(p)

    def due(self, now: float) -> list[int]:
        """The away seats whose grace period has ended since the last call (each named once)."""
        out = [p for p, t in sorted(self.since.items()) if t + self.grace <= now and p not in self.told]
        self.told.update(out)
        return out

    def grace_left(self, p: int, now: float) -> float | None:
        """Seconds of ``p``'s grace period left (0 once over), or None when ``p`` is not away."""
        t = self.since.get(p)
        return None if t is None else max(0.0, t + self.grace - now)

    def deadline(self, now: float) -> float | None:
        """The next instant (after ``now``) at which an away seat's grace ends, or None."""
        ends = [t + self.grace for t in self.since.values() if t + self.grace > now]
        return min(ends) if ends else None

    def wire(self, now: float) -> dict | None:
        """``{"<seat>": ms of grace left}`` for the frames, or None when nobody is away."""
        if not self.since:
            return None
        return {str(p): int(self.grace_left(p, now) * 1000) for p in sorted(self.since)}


def abortable(room) -> bool:
    """True while the game may be aborted: dealt or not, not finished, and the first player's first turn not over
    (engine turn 0 or 1)."""
    from .room import RoomStatus
    if room.status is RoomStatus.FINISHED or room.closed:
        return False
    return room.game is None or (getattr(room.game, "turn", 0) or 0) <= 1


def _refusal(code: str, msg: str) -> dict:
    return {"ok": False, "code": code, "msg": msg}


def claim_refusal(room, seat, now: float) -> dict | None:
    """Why seat ``seat`` (1, 2, None or False for no / a wrong token) may not claim the win now, or None."""
    from .room import RoomStatus
    if seat not in (1, 2):
        return _refusal("not_a_player", "Only a player seated in this game may claim the win.")
    if room.status not in (RoomStatus.PRELIMINARY, RoomStatus.PLAYING):
        return _refusal("not_running", "The game is not being played: there is nothing to claim.")
    left = room.away.grace_left(3 - seat, now)
    if left is None:
        return _refusal("opponent_present", "Your opponent is connected; the win can be claimed only from a player "
                                            "who has left.")
    if left > 0:
        return _refusal("grace_not_over", f"Your opponent may still come back: the win can be claimed in "
                                          f"{int(left) + 1} s.")
    return None


def abort_refusal(room, seat) -> dict | None:
    """Why seat ``seat`` may not abort the game now, or None."""
    if seat not in (1, 2):
        return _refusal("not_a_player", "Only a player seated in this game may abort it.")
    if not abortable(room):
        return _refusal("too_late_to_abort", "The game can no longer be aborted: the first player's first turn "
                                             "has ended (or the game is over).")
    return None


async def claim(room, seat: int) -> dict:
    """The player in ``seat`` claims the win over the away opponent (already checked by :func:`claim_refusal`)."""
    other = 3 - seat
    room.apply(other, {"act": "concede"})
    room.result = {"winner": seat, "reason": ABANDONED}
    await room._after_apply(other, room.versions.advance(), None)
    return {"ok": True, "result": room.result}


async def abort(room) -> dict:
    """End the game as aborted (already checked by :func:`abort_refusal`): nobody wins, nothing is rated; before
    the deal the room just closes."""
    from . import wire
    from .room import RoomStatus
    if room.game is None:
        await room.close(wire.CLOSE_ROOM_CLOSED)
        return {"ok": True, "result": None}
    room.result = {"winner": None, "reason": ABORTED}
    room.status = RoomStatus.FINISHED
    room.clocks.switch(None, time.monotonic())
    await room._commit()
    for conn in list(room.conns):
        await room._sync(conn)
    await room._publish_info()
    return {"ok": True, "result": room.result}


async def on_request(room, msg) -> dict:
    """Answer an ``EndGame`` inbox message (``kind`` "claim" or "abort", the seat token)."""
    seat = room._seat_for(msg.token)
    if msg.kind == "claim":
        refused = claim_refusal(room, seat, time.monotonic())
        return refused or await claim(room, seat)
    if msg.kind == "abort":
        return abort_refusal(room, seat) or await abort(room)
    return _refusal("bad_request", "Ask to 'claim' the win or to 'abort' the game.")


async def on_grace_over(room, now: float) -> None:
    """The room's tick: a seat still away when its grace ends inside the abort window aborts the game; later, the
    end of a grace period is announced to everyone (a fresh sync: the win may be claimed now)."""
    if not room.away.due(now):
        return
    if abortable(room) and room.game is not None:
        await abort(room)
    else:
        await room._presence_changed(None)


def rated(room) -> bool:
    """Whether the finished game counts for ratings: the creator chose a rated game (``options["rated"]``, rated
    when not said) and it was not aborted (the store adds: two distinct registered players, no computer seat)."""
    result = room.result or {}
    return room.rated and result.get("reason") != ABORTED
