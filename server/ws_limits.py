"""Websocket connections per process and per client address, seated players first (docs/operations.md
"Connection limits").

A process holds at most ``max_connections`` websockets and one client address at most ``max_connections_per_address``.
A socket opened beyond either limit is not refused at once: it may still be a seated player coming back to its game.
Its join decides: a join with a seat token makes room by closing a spectator (or a socket that has not joined yet)
with ``unavailable`` and 1013, of the same address when that address is over its limit, else of the address holding
the most sockets; a spectator's join (no token) is refused with ``unavailable`` and 1013 (the browser retries later).
A seat's join is admitted even when no such connection is left. So an address flooding the process with sockets
yields them before any seated player is kept out. Addresses in ``Settings.per_address_exempt`` (loopback by
default: local tools, and a reverse proxy not named in ``trusted_proxies``) have no per-address limit.
"""
from __future__ import annotations

from protocol.messages import Error

from . import wire

SENTENCE = "The server holds as many connections as it can; try again shortly."


class WsLimits:
    """The open websocket connections by client address (``Connection.address``); a connection's ``seat_claim`` is
    True once it joined with a seat token."""

    def __init__(self, max_total: int, max_per_address: int, exempt: frozenset = frozenset()) -> None:
        self.max_total, self.max_per_address, self.exempt = max_total, max_per_address, exempt
        self.by_address: dict[str, set] = {}
        self.total = 0

    def over(self, address: str) -> bool:
        """Whether one more connection from ``address`` passes a limit."""
        return self.total >= self.max_total or (address not in self.exempt
                                                 and len(self.by_address.get(address, ())) >= self.max_per_address)

    def add(self, conn) -> None:
        self.by_address.setdefault(conn.address, set()).add(conn)
        self.total += 1

    def remove(self, conn) -> None:
        mine = self.by_address.get(conn.address)
        if mine is not None and conn in mine:
            mine.discard(conn)
            self.total -= 1
            if not mine:
                del self.by_address[conn.address]

    def make_room(self, conn) -> bool:
        """Close one spectator (or not yet joined) connection so that ``conn``, a seated player's, may stay: of its
        own address when that address is over its limit, else of the address with the most connections. False when
        there is no such connection (only seated players): then ``conn`` stays all the same (True)."""
        own = self.by_address.get(conn.address, set())
        if len(own) > self.max_per_address:
            pool = own
        else:
            pool = max(self.by_address.values(), key=len, default=set())
        victim = next((c for c in pool if c is not conn and not c.seat_claim), None)
        if victim is None:
            victim = next((c for cs in self.by_address.values() for c in cs if c is not conn and not c.seat_claim),
                          None)
        if victim is None:
            return True             # only seats left: a seated player is never kept out
        self.remove(victim)
        victim.sink(wire.encode(Error.of("unavailable", msg=SENTENCE)), wire.CLOSE_SERVER_FULL)
        return True
