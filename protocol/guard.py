"""Per-connection abuse policy (docs/protocol.md "Abuse"): a token-bucket rate limit and a strike counter.

A bad frame is answered with an error frame and the connection stays up; the server closes it only when
:attr:`Guard.close_code` is set (4006 after too many malformed frames, 4007 after too many rate-limited frames).
Time is passed in (``now``, seconds from any monotonic clock), so the policy is deterministic and testable.
"""
from __future__ import annotations

from .errors import CLOSE_ABUSE, CLOSE_RATE_LIMITED

#: Error codes that count as a strike (the client sent something no correct client sends).
STRIKE_CODES = frozenset({"malformed_frame", "frame_too_large", "unknown_message"})


class Guard:
    """Abuse policy of one connection.

    ``rate``: frames per second allowed on average; ``burst``: frames allowed at once; ``max_strikes``: malformed
    frames tolerated; ``max_limited``: rate-limited frames tolerated. Exceeding either sets :attr:`close_code`.
    ``limited_decay``: rate-limited frames forgiven per second, default ``rate`` (the count of rate-limited frames
    decays over time, so a fast but well-behaved client - a bot that waits about one token time after each
    ``rate_limited`` before retrying - is never closed, while a client sending faster than ``rate + limited_decay``
    frames per second still is).
    """

    def __init__(self, rate: float = 20.0, burst: int = 40, max_strikes: int = 10, max_limited: int = 50,
                 limited_decay: float | None = None):
        self.rate, self.burst = rate, burst
        self.max_strikes, self.max_limited = max_strikes, max_limited
        self.limited_decay = rate if limited_decay is None else limited_decay
        self.tokens = float(burst)
        self.last: float | None = None
        self.strikes = 0
        self.limited = 0.0

    def admit(self, now: float) -> bool:
        """Take one token for a frame arriving at ``now``; False means: drop the frame, answer ``rate_limited``."""
        if self.last is not None:
            elapsed = max(0.0, now - self.last)
            self.tokens = min(float(self.burst), self.tokens + elapsed * self.rate)
            self.limited = max(0.0, self.limited - elapsed * self.limited_decay)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        self.limited += 1
        return False

    def record(self, code: str) -> None:
        """Count an error sent to this connection; only codes in :data:`STRIKE_CODES` are strikes."""
        if code in STRIKE_CODES:
            self.strikes += 1

    @property
    def close_code(self) -> int | None:
        """4006 (too many malformed frames) or 4007 (rate limit exceeded repeatedly) once the connection should be
        closed, else None."""
        if self.strikes > self.max_strikes:
            return CLOSE_ABUSE
        if self.limited > self.max_limited:
            return CLOSE_RATE_LIMITED
        return None
