"""Throttling of failed sign-ins: per name (its uniqueness key) and per client address, a window of failures.

After ``limit`` failures within ``window`` seconds under one key, sign-ins under that key are refused (429) until
the oldest failure leaves the window; a success does not clear the address's failures (so guessing many names from
one address stays slow) but clears the name's. In the memory of the process that answers (like the quick-play
queue): with several processes each counts its own requests.
"""
from __future__ import annotations

from collections import deque

NAME_LIMIT, ADDRESS_LIMIT = 5, 20      # failures
WINDOW = 900.0                          # s
KEEP = 10000                            # keys remembered per kind (the oldest are forgotten beyond)


class FailureWindow:
    """Failures per key within a sliding window. ``limit`` failures, ``window`` seconds."""

    def __init__(self, limit: int, window: float = WINDOW, keep: int = KEEP) -> None:
        self.limit, self.window, self.keep = limit, window, keep
        self.failures: dict[str, deque] = {}

    def _recent(self, key: str, now: float) -> deque:
        q = self.failures.get(key) or deque()
        while q and q[0] <= now - self.window:
            q.popleft()
        return q

    def wait(self, key: str, now: float) -> float:
        """Seconds until ``key`` may try again (0 when it may now)."""
        q = self._recent(key, now)
        return 0.0 if len(q) < self.limit else q[0] + self.window - now

    def fail(self, key: str, now: float) -> None:
        """Count one failure of ``key`` at ``now`` (s)."""
        q = self._recent(key, now)
        q.append(now)
        self.failures.pop(key, None)
        self.failures[key] = q
        while len(self.failures) > self.keep:
            self.failures.pop(next(iter(self.failures)))

    def clear(self, key: str) -> None:
        self.failures.pop(key, None)


class SignInThrottle:
    """The two windows of sign-in failures: ``by_name`` and ``by_address``."""

    def __init__(self, name_limit: int = NAME_LIMIT, address_limit: int = ADDRESS_LIMIT,
                 window: float = WINDOW) -> None:
        self.by_name = FailureWindow(name_limit, window)
        self.by_address = FailureWindow(address_limit, window)

    def wait(self, name_key: str, address: str, now: float) -> float:
        """Seconds before a sign-in for this name from this address may be tried (0: now)."""
        return max(self.by_name.wait(name_key, now), self.by_address.wait(address, now))

    def fail(self, name_key: str, address: str, now: float) -> None:
        self.by_name.fail(name_key, now)
        self.by_address.fail(address, now)

    def succeed(self, name_key: str) -> None:
        self.by_name.clear(name_key)
