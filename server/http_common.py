"""What the HTTP API modules share: the per-address limiter of creations, a lobby entry as the API shows it, and
the language of a request (``request_lang``, ``header_lang``, ``scope_lang``: re-exported from server/player_texts.py,
which also gives the error answers, ``refuse``). Interface: :class:`CreateLimiter`, :func:`limiter_for`,
:func:`public_info`.
"""
from __future__ import annotations

from .player_texts import header_lang, request_lang, scope_lang  # noqa: F401  (re-exported)


class CreateLimiter:
    """Room creation per client address: a token bucket of ``burst`` rooms refilled at ``per_min`` rooms a minute,
    so that one client cannot fill the process's room cap (docs/server.md "Limits"). Memory is bounded: the oldest
    addresses are forgotten past ``keep`` entries."""

    def __init__(self, per_min: float, burst: int, keep: int = 10000):
        self.rate, self.burst, self.keep = per_min / 60.0, burst, keep
        self.buckets: dict[str, tuple[float, float]] = {}

    def allow(self, address: str, now: float) -> bool:
        """Take one creation for ``address`` at time ``now`` (s); False when its bucket is empty."""
        tokens, last = self.buckets.pop(address, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - last) * self.rate)
        ok = tokens >= 1.0
        self.buckets[address] = (tokens - 1.0 if ok else tokens, now)
        while len(self.buckets) > self.keep:
            self.buckets.pop(next(iter(self.buckets)))
        return ok


def limiter_for(hub, attr: str) -> CreateLimiter:
    """The hub's limiter named ``attr`` (rooms: ``create_limiter``, players: ``player_limiter``), made on first
    use with the settings' ``create_per_min`` / ``create_burst``."""
    lim = getattr(hub, attr, None)
    if lim is None:
        lim = CreateLimiter(hub.settings.create_per_min, hub.settings.create_burst)
        setattr(hub, attr, lim)
    return lim


def public_info(info: dict, seat: int | None = None) -> dict:
    """A lobby entry as the HTTP API shows it: without ``owners`` (player ids are never shown to others) and, until
    the game is finished, without the seats' deck labels (``decks``: ``[label | None, label | None]``): a label names
    a preconstructed list, and the opponent's deck stays hidden until the game reveals it. ``seat``
    (1 | 2): the asking player's own seat, whose label stays."""
    out = {k: v for k, v in info.items() if k != "owners"}
    if out.get("status") != "finished" and isinstance(out.get("decks"), list):
        out["decks"] = [d if seat == i + 1 else None for i, d in enumerate(out["decks"])]
    return out
