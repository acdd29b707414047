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
  deal there is no game: an abort closes the room (a rematch room's abort withdraws its offer in the finished room).
  A tutorial's room (server/tutorial.py) may be aborted by its player at any turn, and its player still away when
  the grace ends aborts it at any turn too: the tutorial ends a part's room that way when it moves on to its next
  part, is left or started over, a practice left unfinished rather than anyone's concession. A learner not
  connected when the cards are dealt is waited for ``tutorial_wait`` seconds only (:func:`first_wait`).
- **Cancel.** A rematch room whose offer one of its players declines closes, unless its cards have been dealt.

Refusals answer ``{"ok": False, "code", "msg", "text", "values"}`` and change nothing: ``msg`` is the English
sentence (logs), ``text`` the key of its sentence in server/error_texts.py and ``values`` the numbers it names, from
which the HTTP API answers in the request's language.

Interface (called by room.py): :func:`on_request` (the ``EndGame`` message), :func:`on_grace_over` (after each
inbox wait), :func:`restored` (after a restore), :func:`first_wait` (at the deal). The seats away are server/room/away.py.
"""
from __future__ import annotations

import time

from .. import wire
from ..clock import TurnWatch
from ..tutorial import LEARNER
from .away import presence_changed
from .broadcast import broadcast_applied
from .clocks import running
from .seats import tell_rematch_withdrawn
from .status import RoomStatus

ABANDONED = "abandoned"
ABORTED = "aborted"


def restored(room) -> None:
    """A restored room: the turn watch starts at the game's turn, and while the game runs both seats count as away
    from now (connections do not survive a restart; the clocks hold both banks alike)."""
    if room.game is None:
        return
    room.turns = TurnWatch(getattr(room.game, "turn", 0), getattr(room.game, "active", None))
    if running(room):
        now = time.monotonic()
        for p in (1, 2):
            room.away.left(p, now)


def first_wait(room, p: int) -> float | None:
    """Seconds seat ``p``, found without a connection when the cards are dealt, is waited for before it counts as
    gone (server/room/away.py ``Away.left``): ``settings.tutorial_wait`` for a tutorial's learner
    (server/tutorial.py ``LEARNER``), None (the room's grace period) for any other seat.

    A tutorial's room is made by its learner's page, which connects to it at once: a learner not there when the
    cards are dealt whose page has not connected ``tutorial_wait`` seconds later has left (the tab closed, the page
    navigated away) and the room aborts (:func:`on_grace_over`), nobody's win, nothing rated. A learner whose page
    connects later still finds the aborted game and the guide offers the part again. The server's own deadline is
    the rule rather than the page telling the server it leaves (``navigator.sendBeacon`` to the abort endpoint):
    a closed, crashed or killed tab runs no script, and a page that never loaded its game never would."""
    return room.settings.tutorial_wait if room.options.get("tutorial") and p == LEARNER else None


def abortable(room) -> bool:
    """True while the game may be aborted: dealt or not, not finished, and the first player's first turn not over
    (engine turn 0 or 1)."""
    if room.status is RoomStatus.FINISHED or room.closed:
        return False
    return room.game is None or (getattr(room.game, "turn", 0) or 0) <= 1


def _refusal(code: str, msg: str, text: str | None = None, **values) -> dict:
    return {"ok": False, "code": code, "msg": msg, "text": text or code, "values": values}


def claim_refusal(room, seat, now: float) -> dict | None:
    """Why seat ``seat`` (1, 2, None or False for no / a wrong token) may not claim the win now, or None."""
    if seat not in (1, 2):
        return _refusal("not_a_player", "Only a player seated in this game may claim the win.", "claim_not_a_player")
    if room.status not in (RoomStatus.PRELIMINARY, RoomStatus.PLAYING):
        return _refusal("not_running", "The game is not being played: there is nothing to claim.")
    left = room.away.grace_left(3 - seat, now)
    if left is None:
        return _refusal("opponent_present", "Your opponent is connected; the win can be claimed only from a player "
                                            "who has left.")
    if left > 0:
        wait = int(left) + 1
        return _refusal("grace_not_over", f"Your opponent may still come back: the win can be claimed in {wait} s.",
                        wait=wait)
    return None


def abort_refusal(room, seat) -> dict | None:
    """Why seat ``seat`` may not abort the game now, or None. A tutorial's room (``room.options["tutorial"]``) may be
    aborted by its player at any turn until it is finished."""
    if seat not in (1, 2):
        return _refusal("not_a_player", "Only a player seated in this game may abort it.", "abort_not_a_player")
    tutorial = room.options.get("tutorial") and room.status is not RoomStatus.FINISHED and not room.closed
    if not (tutorial or abortable(room)):
        return _refusal("too_late_to_abort", "The game can no longer be aborted: the first player's first turn "
                                             "has ended (or the game is over).")
    return None


async def claim(room, seat: int) -> dict:
    """The player in ``seat`` claims the win over the away opponent (already checked by :func:`claim_refusal`). The
    away player's concession is logged with the room's reason, so that the game's replay ends as the room did."""
    other = 3 - seat
    room.apply(other, {"act": "concede", "reason": ABANDONED})
    room.result = {"winner": seat, "reason": ABANDONED}
    await broadcast_applied(room, other, room.versions.advance(), None)
    return {"ok": True, "result": room.result}


async def abort(room, seat: int | None = None) -> dict:
    """End the game as aborted (already checked by :func:`abort_refusal`; ``seat``: who asked, None when the
    room aborts it itself): nobody wins, nothing is rated. Before the deal the room just closes; a rematch room
    then tells its finished room that ``seat``'s player withdrew (server/room/seats.py ``tell_rematch_withdrawn``)."""
    if room.game is None:
        await room.close(wire.CLOSE_ROOM_CLOSED)
        if seat is not None:
            await tell_rematch_withdrawn(room, seat)
        return {"ok": True, "result": None}
    room.result = {"winner": None, "reason": ABORTED}
    room.status = RoomStatus.FINISHED
    room.clocks.switch(None, time.monotonic())
    await room.store.commit()            # finish time, the record (aborted, unrated), durable
    await room.audience.sync_all()       # each view shows the result, then the end frame
    await room.lobby.publish()
    return {"ok": True, "result": room.result}


async def cancel(room, player: str | None) -> dict:
    """The rematch room is declined by ``player``, one of its two (server/lobby.py ``decline_rematch``): it closes
    (close 4011 "rematch declined": its watchers are told why) unless cards have been dealt (``rematch_started``).
    Before the close everyone is re-synced with ``view.room.rematch_declined`` naming the seat (of this room) that
    declined, so that a page tells the one who withdrew from the others."""
    seat = room.seats.seat_of_player(player)
    if seat is None:
        return _refusal("not_a_player", "Only a player of this game may decline its rematch.", "rematch_not_a_player")
    if room.game is not None:
        return _refusal("rematch_started", "The rematch has started already.")
    room.rematch_declined = seat
    await room.audience.sync_all()
    await room.close(wire.CLOSE_REMATCH_DECLINED)
    return {"ok": True, "result": None}


async def on_request(room, msg) -> dict:
    """Answer an ``EndGame`` inbox message (``kind`` "claim" or "abort", the seat token; "cancel", the player)."""
    seat = room.seats.seat_for(msg.token)
    if msg.kind == "claim":
        refused = claim_refusal(room, seat, time.monotonic())
        return refused or await claim(room, seat)
    if msg.kind == "abort":
        return abort_refusal(room, seat) or await abort(room, seat)
    if msg.kind == "cancel":
        return await cancel(room, msg.player)
    return _refusal("bad_request", "Ask to 'claim' the win or to 'abort' the game.", "end_kind")


async def on_grace_over(room, now: float) -> None:
    """The room's tick: a seat still away when its grace ends inside the abort window, or in a tutorial's room at
    any turn (a learner who closed the page: the computer would otherwise play on alone), aborts the game; later,
    the end of a grace period is announced to everyone (a fresh sync: the win may be claimed now)."""
    if not room.away.due(now) or not running(room):
        return
    if room.game is not None and (abortable(room) or room.options.get("tutorial")):
        await abort(room)
    else:
        await presence_changed(room)
