"""Failed authentication, throttled per client address and per target (a player id, a room's seats).

Each failure takes one token from the address's bucket and one from the target's; a bucket refills at ``per_min``
tokens a minute up to ``burst``. While either bucket of an attempt is empty the attempt is refused before it is
checked (HTTP 429 ``auth_limited``, a websocket join ``rate_limited`` and close 4007), so guessing seat tokens or
player secrets runs at about ``per_min`` guesses a minute per address and per target instead of hundreds a second.
Successful attempts cost nothing. An address of "" (one in ``Settings.per_address_exempt``) has no address bucket. Memory is bounded: the oldest buckets are forgotten past ``keep`` entries.
"""
from __future__ import annotations

import time


class AuthThrottle:
    """Buckets of failed attempts (module docstring). Times are ``time.monotonic()`` seconds."""

    def __init__(self, address_per_min: float = 10.0, address_burst: int = 10, target_per_min: float = 20.0,
                 target_burst: int = 20, keep: int = 10000) -> None:
        self.rates = {"address": (address_per_min / 60.0, address_burst), "target": (target_per_min / 60.0,
                                                                                    target_burst)}
        self.buckets: dict[tuple[str, str], tuple[float, float]] = {}
        self.keep = keep

    def _level(self, kind: str, key: str, now: float) -> float:
        rate, burst = self.rates[kind]
        tokens, last = self.buckets.get((kind, key), (float(burst), now))
        return min(float(burst), tokens + (now - last) * rate)

    def blocked(self, address: str, target: str, now: float | None = None) -> bool:
        """Whether an attempt from ``address`` on ``target`` must be refused now."""
        now = time.monotonic() if now is None else now
        return bool(address) and self._level("address", address, now) < 1.0 or self._level("target", target, now) < 1.0

    def failed(self, address: str, target: str, now: float | None = None) -> None:
        """Count one failed attempt of ``address`` on ``target``."""
        now = time.monotonic() if now is None else now
        for kind, key in (("address", address), ("target", target)) if address else (("target", target),):
            level = self._level(kind, key, now)
            self.buckets.pop((kind, key), None)
            self.buckets[(kind, key)] = (max(0.0, level - 1.0), now)
        while len(self.buckets) > self.keep:
            self.buckets.pop(next(iter(self.buckets)))
