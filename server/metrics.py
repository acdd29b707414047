"""Process metrics in the Prometheus text exposition format (version 0.0.4), no external dependency.

Exposed at ``GET /metrics``: ``berserk_rooms`` and ``berserk_connections`` (gauges), ``berserk_actions_applied_total``,
``berserk_dropped_slow_clients_total`` (counters) and ``berserk_action_broadcast_seconds`` (histogram of the time
from a client action's arrival at the server to its frames being handed to every connection).
"""
from __future__ import annotations

import bisect

BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)


class Histogram:
    """Cumulative-bucket histogram of seconds."""

    def __init__(self, buckets=BUCKETS) -> None:
        self.bounds = tuple(buckets)
        self.counts = [0] * (len(self.bounds) + 1)
        self.sum = 0.0
        self.count = 0

    def observe(self, seconds: float) -> None:
        """Record one observation (seconds, >= 0)."""
        self.counts[bisect.bisect_left(self.bounds, seconds)] += 1
        self.sum += seconds
        self.count += 1

    def lines(self, name: str) -> list[str]:
        """Exposition lines ``name_bucket{le=...}``, ``name_sum``, ``name_count``."""
        out, acc = [], 0
        for bound, n in zip(self.bounds, self.counts):
            acc += n
            out.append(f'{name}_bucket{{le="{bound}"}} {acc}')
        out.append(f'{name}_bucket{{le="+Inf"}} {self.count}')
        out.append(f"{name}_sum {self.sum:.6f}")
        out.append(f"{name}_count {self.count}")
        return out


class Metrics:
    """Counters of one process. Gauges are read from callables at render time."""

    def __init__(self) -> None:
        self.actions_applied = 0
        self.dropped_slow = 0
        self.latency = Histogram()
        self.rooms = lambda: 0
        self.connections = lambda: 0
        self.extra = lambda: []            # bus-specific lines (server/bus: ``Bus.metric_lines``)

    def render(self) -> str:
        """The whole exposition text (ends with a newline)."""
        lines = [
            "# HELP berserk_rooms Rooms owned by this process.", "# TYPE berserk_rooms gauge",
            f"berserk_rooms {self.rooms()}",
            "# HELP berserk_connections Open websocket connections.", "# TYPE berserk_connections gauge",
            f"berserk_connections {self.connections()}",
            "# HELP berserk_actions_applied_total Game actions applied (automatic passes included).",
            "# TYPE berserk_actions_applied_total counter",
            f"berserk_actions_applied_total {self.actions_applied}",
            "# HELP berserk_dropped_slow_clients_total Connections dropped because their outbound queue was full.",
            "# TYPE berserk_dropped_slow_clients_total counter",
            f"berserk_dropped_slow_clients_total {self.dropped_slow}",
            "# HELP berserk_action_broadcast_seconds Client action arrival to frames handed to every connection.",
            "# TYPE berserk_action_broadcast_seconds histogram",
            *self.latency.lines("berserk_action_broadcast_seconds"),
            *self.extra(),
        ]
        return "\n".join(lines) + "\n"
