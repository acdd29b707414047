"""Server settings: one frozen dataclass, filled from defaults, then ``BERSERK_*`` environment variables, then CLI.

Every field can be set from the environment as ``BERSERK_<FIELD NAME IN CAPITALS>`` (e.g. ``BERSERK_PORT=9000``,
``BERSERK_CLOCK_BASE=600``); ``python -m server --help`` lists the CLI flags (``--clock-base`` ...). Durations are in
seconds (floats), sizes in bytes, rates in frames per second.
"""
from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass, fields


DEFAULT_DATA_DIR = "./data"
SQLITE_SYNCHRONOUS = ("full", "normal")    # the values of Settings.sqlite_synchronous (SQLite's PRAGMA synchronous)


@dataclass(frozen=True)
class Settings:
    """All tunables of one server process (units in the field comments)."""

    host: str = "127.0.0.1"
    port: int = 8000
    redis: str = ""                     # Redis URL (also from REDIS_URL); empty = in-memory bus (one process)
    lease_ttl: float = 5.0              # s: Redis bus, a room owner's lease lives this long without renewal
    lease_renew: float = 1.0            # s: Redis bus, interval of lease renewal and of the relays' owner checks
    orphan_sweep: float = 5.0           # s: Redis bus, interval of the scan adopting rooms whose owner is gone
    redis_key_ttl: float = 172800.0     # s: Redis bus, snapshots and lobby entries expire this long after a write
    snapshot_dir: str = ""              # in-memory bus only: directory to keep snapshots across restarts
    data_dir: str = ""                  # directory of the SQLite store (berserk.sqlite3); from_env / the CLI default
                                        # to ./data; empty here = an in-memory SQLite database (tests)
    database: str = ""                  # SQL store URL (also from DATABASE_URL), e.g. postgresql://u:p@host/db;
                                        # empty = SQLite under data_dir
    sqlite_synchronous: str = "normal"  # SQLite store: "normal" (an acknowledged action survives kill -9 of the
                                        # process; a power loss or OS crash may take the last second, as Redis's
                                        # appendfsync everysec) or "full" (it survives a power loss too, an fsync
                                        # per commit); docs/operations.md "Durability"
    static_dir: str = ""                # browser client directory; empty = server/static
    # rooms and clocks
    clock_base: float = 900.0           # s in each player's time bank at the start
    clock_increment: float = 10.0       # s added to a bank at the end of each turn of that player
    clock_min: float = 10.0             # s: the smallest clock base a room may be created with
    disconnect_grace: float = 60.0      # s a player away is waited for: its clock held, then a claim or an abort
    replay_ttl: float = 3600.0          # s a finished game stays available as a replay
    tutorial_wait: float = 20.0         # s a tutorial's room waits for its learner: a first connection after the
                                        # deal (else the practice is aborted), a connection back once its game is
                                        # over (else the room closes); server/tutorial.py
    idle_timeout: float = 1800.0        # s without any connection before a room is closed
    waiting_timeout: float = 600.0      # s without any connection before a room still waiting for seat 2 closes
    max_rooms: int = 1000               # rooms per process
    create_per_min: float = 20.0        # rooms one client address may create per minute (sustained)
    create_burst: int = 20              # rooms one client address may create at once
    max_connections: int = 5000         # websocket connections per process (seated players first: server/ws_limits.py)
    max_connections_per_address: int = 64   # websocket connections of one client address (spectators yield to seats)
    max_heads_per_address: int = 32     # connections of one address still sending a request head (server/conn_guard.py)
    max_header_bytes: int = 16384       # bytes of one request head (request line + headers); 431 beyond
    header_timeout: float = 10.0        # s a request head may take (from the connection or its first byte); 408 beyond
    per_address_exempt: str = "127.0.0.1,::1"   # client addresses no per-address limit applies to (local tools, and a
                                        # reverse proxy whose clients stay unknown until --trusted-proxies names it)
    allowed_origins: str = ""           # websocket Origins allowed, comma-separated ("*" any); empty = same origin only
    trusted_proxies: str = ""           # addresses whose X-Forwarded-For / -Proto is believed (uvicorn's
                                        # forwarded_allow_ips, comma-separated, "*" any); empty = none
    fixed_seed: int = -1                # tests/debugging only: every new game uses this seed (-1 = secrets)
    snapshot_each_action: bool = True   # save the room snapshot after every change (persistent buses only)
    snapshot_every: int = 50            # append-only room stores (the SQL one): log entries between two whole
                                        # snapshots of a room
    bot_think: float = 0.5              # s the server-side bot ("opponent": "bot") waits before each action
    queue_max: int = 1000               # players waiting in the quick-play queue at most (server/matchmaking.py)
    queue_bot_after: float = 20.0       # s in the quick-play queue before a computer opponent is offered
    queue_poll_timeout: float = 30.0    # s a queued player may go without polling before leaving the queue
    # connections
    outbound_queue: int = 64            # frames buffered per connection before it is dropped as slow
    rate_per_sec: float = 20.0          # sustained client frames per second per connection
    rate_burst: int = 40                # client frames a connection may send at once
    max_frame: int = 1048576            # bytes in one websocket message before uvicorn closes with 1009
                                        # (protocol frames above protocol.codec.MAX_CLIENT_FRAME get an error)
    max_body: int = 16384               # bytes of one HTTP request body (413 beyond; server/http_body.py)
    body_timeout: float = 5.0           # s an HTTP request body may take to arrive (408 beyond)
    join_timeout: float = 10.0          # s a new connection has to send its join frame
    send_timeout: float = 5.0           # s one frame may take to write before the client counts as stalled
    violations_before_close: int = 10   # rejected (garbage / rate-limited) frames before a 4xxx close
    gc_threshold0: int = 10000          # GC generation-0 threshold set after start-up (0 = CPython's); server/probes.py
    gc_young_interval: float = 0.01     # s between two young collections while serving, survivors frozen (0 = CPython's
                                        # allocation-count triggers with gc_threshold0); server/probes.py Collector
    gc_full_interval: float = 600.0     # s between two full collections (cycles among older objects) while serving
    loop_lag_interval: float = 0.1      # s between two wake-ups of the event-loop lag probe (server/probes.py)
    switch_interval: float = 0.0005     # s: the GIL switch interval while serving (sys.setswitchinterval;
                                        # CPython's is 0.005): how long the SQLite writer thread can wait for the
                                        # GIL at each step of a commit while the event loop runs (server/probes.py)

    def __post_init__(self) -> None:
        if self.sqlite_synchronous not in SQLITE_SYNCHRONOUS:
            raise ValueError(f"sqlite_synchronous={self.sqlite_synchronous!r} must be one of "
                             f"{', '.join(SQLITE_SYNCHRONOUS)}")

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None, **overrides) -> "Settings":
        """Defaults, then ``BERSERK_*`` variables from ``env`` (default ``os.environ``; ``REDIS_URL`` stands in for
        ``BERSERK_REDIS``, ``DATABASE_URL`` for ``BERSERK_DATABASE``), then non-None overrides; ``data_dir``
        defaults to ``./data`` here (the server's own default, docs/operations.md).

        Raises ValueError naming the variable when a value does not parse as the field's type.
        """
        env = os.environ if env is None else env
        values: dict = {}
        for f in fields(cls):
            key = "BERSERK_" + f.name.upper()
            if key in env:
                values[f.name] = _parse(f.type, env[key], key)
        if "redis" not in values and env.get("REDIS_URL"):
            values["redis"] = env["REDIS_URL"]     # the conventional variable (docker-compose.yml)
        if "database" not in values and env.get("DATABASE_URL"):
            values["database"] = env["DATABASE_URL"]
        values.update({k: v for k, v in overrides.items() if v is not None})
        values.setdefault("data_dir", DEFAULT_DATA_DIR)
        return cls(**values)

    def exempt_addresses(self) -> frozenset:
        """``per_address_exempt`` as a set of addresses."""
        return frozenset(a.strip() for a in self.per_address_exempt.split(",") if a.strip())

    def replace(self, **changes) -> "Settings":
        """A copy with some fields changed."""
        return dataclasses.replace(self, **changes)


def _parse(typ, raw: str, key: str):
    typ = typ if isinstance(typ, str) else typ.__name__
    try:
        if typ == "int":
            return int(raw)
        if typ == "float":
            return float(raw)
        if typ == "bool":
            return raw.strip().lower() in ("1", "true", "yes", "on")
        return raw
    except ValueError:
        raise ValueError(f"{key}={raw!r} is not a valid {typ}") from None
