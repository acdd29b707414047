"""Per-player time banks: a bank runs only while its player must act, gains its increment once per turn of its
player (when that turn ends), never runs while the room passes for its player (automatic passing, RULES.md Q10),
and is held for a grace period while its player is disconnected (docs/server.md "Clocks").

Times are in seconds from ``time.monotonic()`` (passed in as ``now``, so tests drive the clock by hand). Clock
state is plain data (``to_state``/``from_state``) and goes into the room snapshot; a restored clock counts the
running player's time from the restore on (time while no process owned the room is not charged) and both banks start held for the grace period.
"""
from __future__ import annotations


class Clocks:
    """Two banks, keyed by seat 1 and 2.

    ``base``: seconds each bank starts with; ``increment``: seconds added to a player's bank at the end of each of
    that player's turns (the preliminary phase is no turn); ``grace``: seconds a disconnected player's running bank is held before it runs again.
    """

    def __init__(self, base: float, increment: float, grace: float) -> None:
        self.base, self.increment, self.grace = float(base), float(increment), float(grace)
        self.bank = {1: float(base), 2: float(base)}
        self.running: int | None = None
        self.since = 0.0                       # when the running bank last started counting
        self.hold_until = {1: 0.0, 2: 0.0}     # a bank does not count before this instant (disconnection grace)
        self.paused_at: float | None = None    # every bank stands still from this instant (the room is held)

    # -- queries -----------------------------------------------------------------------------------------------
    def remaining(self, p: int, now: float) -> float:
        """Seconds left in ``p``'s bank at ``now`` (never below 0)."""
        left = self.bank[p]
        if self.running == p:
            if self.paused_at is not None:
                now = min(now, self.paused_at)
            left -= max(0.0, now - max(self.since, self.hold_until[p]))
        return max(0.0, left)

    def deadline(self, now: float) -> float | None:
        """Monotonic instant at which the running bank empties, or None when no bank runs."""
        p = self.running
        if p is None or self.paused_at is not None:
            return None
        return max(self.since, self.hold_until[p]) + self.bank[p]

    def expired(self, now: float) -> int | None:
        """The player whose running bank is empty at ``now``, or None."""
        p = self.running
        return p if p is not None and self.remaining(p, now) <= 0 else None

    def to_wire(self, now: float) -> dict:
        """Frame field ``clocks``: ``{"1": ms_left, "2": ms_left, "running": 1|2|None, "held": bool}``."""
        p = self.running
        return {"1": int(self.remaining(1, now) * 1000), "2": int(self.remaining(2, now) * 1000),
                "running": p, "held": bool(p is not None and self.hold_until[p] > now)}

    # -- changes -----------------------------------------------------------------------------------------------
    def _settle(self, now: float) -> None:
        p = self.running
        if p is not None:
            self.bank[p] = self.remaining(p, now)
            self.since = now

    def switch(self, to_act: int | None, now: float, turn_over: int | None = None) -> None:
        """After a change: charge the running bank, add the increment to ``turn_over``'s bank (the player whose turn
        just ended, or None), and run ``to_act``'s bank (None stops every bank: nobody must act, or the room passes
        for that player)."""
        self._settle(now)
        if turn_over in (1, 2) and self.increment:
            self.bank[turn_over] += self.increment
        self.running = to_act
        self.since = now

    def disconnected(self, p: int, now: float) -> None:
        """Player ``p`` lost its last connection: hold its bank for ``grace`` seconds from now."""
        self._settle(now)
        self.hold_until[p] = now + self.grace

    def reconnected(self, p: int, now: float) -> None:
        """Player ``p`` is back: its bank counts again from now."""
        self._settle(now)
        self.hold_until[p] = min(self.hold_until[p], now)

    def pause(self, now: float) -> None:
        """The room is held (its store failed, server/store_outage.py): from ``now`` no bank runs; a second pause
        keeps the first instant."""
        if self.paused_at is None:
            self._settle(now)
            self.paused_at = now

    def resume(self, now: float) -> None:
        """The hold is over: the running bank counts on from ``now`` with what it had when the pause began, and a
        disconnection grace still under way at the pause is moved on by the paused time."""
        if self.paused_at is None:
            return
        paused, self.paused_at = now - self.paused_at, None
        for p in (1, 2):
            if self.hold_until[p] > now - paused:
                self.hold_until[p] += paused
        self.since = now

    def to_state(self, now: float) -> dict:
        """Snapshot form: banks settled at ``now``; holds are dropped (connections do not survive a restart)."""
        return {"base": self.base, "increment": self.increment, "grace": self.grace,
                "bank": {"1": self.remaining(1, now), "2": self.remaining(2, now)}, "running": self.running}

    @classmethod
    def from_state(cls, state: dict, now: float) -> "Clocks":
        """Inverse of ``to_state``; the running bank counts from ``now``."""
        c = cls(state["base"], state["increment"], state["grace"])
        c.bank = {1: float(state["bank"]["1"]), 2: float(state["bank"]["2"])}
        c.running = state["running"]
        c.since = now
        c.hold_until = {1: now + c.grace, 2: now + c.grace}   # everyone is reconnecting after a restart
        return c


class NoClocks(Clocks):
    """A room created without a clock (preset "no clock"): no bank ever runs or empties, frames
    carry ``clocks = nil``. Same interface as :class:`Clocks`."""

    def __init__(self, grace: float = 0.0) -> None:
        super().__init__(0.0, 0.0, grace)

    def deadline(self, now: float) -> float | None:
        return None

    def expired(self, now: float) -> int | None:
        return None

    def to_wire(self, now: float) -> dict | None:
        return None

    def to_state(self, now: float) -> dict:
        return {"none": True, "grace": self.grace}


class TurnWatch:
    """Which player's turn has just ended, read off the engine game after each change (the increment is added once
    per turn of its player, at its end). ``turn``/``active``: the game's turn number and active player when last
    looked at; turn 0 is the preliminary phase, which is no player's turn."""

    def __init__(self, turn: int = 0, active: int | None = None) -> None:
        self.turn, self.active = turn, active

    def ended(self, turn: int, active: int | None) -> int | None:
        """The player whose turn ended since the last look (None when the turn did not change)."""
        done = self.active if turn != self.turn and self.turn >= 1 else None
        self.turn, self.active = turn, active
        return done


def clocks_for(clock: dict | None, grace: float) -> Clocks:
    """The banks of a room created with ``clock`` = ``{"base": s, "increment": s}``, or no clock for None."""
    return NoClocks(grace) if clock is None else Clocks(clock["base"], clock["increment"], grace)


def clocks_from_state(state: dict, now: float) -> Clocks:
    """Inverse of ``to_state`` for both kinds of clock."""
    return NoClocks(state.get("grace", 0.0)) if state.get("none") else Clocks.from_state(state, now)
