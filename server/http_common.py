"""What the HTTP API modules share: the error answer, the per-address limiter of creations, and a lobby entry as
the API shows it, and the language of a request. Interface: :func:`err`, :class:`CreateLimiter`, :func:`limiter_for`,
:func:`public_info`, :func:`request_lang`.
"""
from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse


def err(status: int, code: str, message: str) -> JSONResponse:
    """The API's error answer: ``{"error": code, "message": sentence}`` with HTTP ``status``."""
    return JSONResponse({"error": code, "message": message}, status_code=status)


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


def request_lang(request: Request) -> str:
    """"en" or "ru" from the ``Accept-Language`` header: the first of the two by q-value; "ru" by default."""
    best, best_q = "ru", -1.0
    for i, part in enumerate(request.headers.get("accept-language", "")[:500].split(",")):
        tag, _, params = part.strip().partition(";")
        primary = tag.strip().lower().split("-")[0]
        if primary not in ("en", "ru"):
            continue
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        if q > best_q + 1e-9 or (q == best_q and i == 0):
            best, best_q = primary, q
    return best
