"""Process metrics in the Prometheus text exposition format (version 0.0.4), no external dependency.

Exposed at ``GET /metrics``: ``berserk_rooms``, ``berserk_rooms_restoring`` and ``berserk_connections`` (gauges),
``berserk_actions_applied_total``, ``berserk_dropped_slow_clients_total`` (counters) and
``berserk_action_broadcast_seconds`` (histogram of the time from a client action's arrival at the server to its
frames being handed to every connection).
"""
from __future__ import annotations

import bisect
import time

BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
FINE_BUCKETS = (0.00001, 0.000025, 0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1,
                0.25, 0.5, 1.0)   # per-phase and GC times: tens of microseconds up to a second
PHASES = ("apply", "legal", "project", "view", "diff", "encode", "send", "commit")
GENERATIONS = (0, 1, 2)


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

    def lines(self, name: str, labels: str = "") -> list[str]:
        """Exposition lines ``name_bucket{le=...}``, ``name_sum``, ``name_count``; ``labels`` (e.g.
        ``'phase="view"'``) goes into every sample's label set."""
        sep, own = (labels + ",", "{" + labels + "}") if labels else ("", "")
        out, acc = [], 0
        for bound, n in zip(self.bounds, self.counts):
            acc += n
            out.append(f'{name}_bucket{{{sep}le="{bound}"}} {acc}')
        out.append(f'{name}_bucket{{{sep}le="+Inf"}} {self.count}')
        out.append(f"{name}_sum{own} {self.sum:.6f}")
        out.append(f"{name}_count{own} {self.count}")
        return out


class Timer:
    """``with timer:`` observes the wall time of the block (``time.perf_counter``) into one histogram. One timer
    per histogram, reused by every block (:meth:`Metrics.phase`); blocks may nest (a stack of start times)."""

    __slots__ = ("histogram", "_starts")

    def __init__(self, histogram: Histogram) -> None:
        self.histogram = histogram
        self._starts: list[float] = []

    def __enter__(self) -> "Timer":
        self._starts.append(time.perf_counter())
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        seconds = time.perf_counter() - self._starts.pop()
        h = self.histogram                      # Histogram.observe, inlined: a room times a dozen blocks an action
        h.counts[bisect.bisect_left(h.bounds, seconds)] += 1
        h.sum += seconds
        h.count += 1


def _family(name: str, help_: str, label: str, members: dict) -> list[str]:
    lines = [f"# HELP {name} {help_}", f"# TYPE {name} histogram"]
    for key, h in members.items():
        lines += h.lines(name, f'{label}="{key}"')
    return lines


class Metrics:
    """Counters of one process. Gauges are read from callables at render time."""

    def __init__(self) -> None:
        self.actions_applied = 0
        self.dropped_slow = 0
        self.latency = Histogram()
        self.loop_lag = Histogram()
        self.gc_pause = {g: Histogram(FINE_BUCKETS) for g in GENERATIONS}
        self.phases = {p: Histogram(FINE_BUCKETS) for p in PHASES}
        self._timers = {p: Timer(h) for p, h in self.phases.items()}
        self.rooms = lambda: 0
        self.restoring = lambda: 0         # stored rooms not restored yet (start-up, server/rooms.py)
        self.connections = lambda: 0
        self.extra = lambda: []            # bus-specific lines (server/bus: ``Bus.metric_lines``)
        self.store_held: set = set()       # rooms held because their store failed (server/store_outage.py)

    def phase(self, name: str) -> Timer:
        """A timer of one room phase (a name of :data:`PHASES`; KeyError for another):
        ``with metrics.phase("view"): ...`` observes the block's wall time into ``berserk_room_phase_seconds``."""
        return self._timers[name]

    def render(self) -> str:
        """The whole exposition text (ends with a newline)."""
        lines = [
            "# HELP berserk_rooms Rooms owned by this process.", "# TYPE berserk_rooms gauge",
            f"berserk_rooms {self.rooms()}",
            "# HELP berserk_rooms_restoring Stored rooms this process is still to restore (start-up).",
            "# TYPE berserk_rooms_restoring gauge",
            f"berserk_rooms_restoring {self.restoring()}",
            "# HELP berserk_connections Open websocket connections.", "# TYPE berserk_connections gauge",
            f"berserk_connections {self.connections()}",
            "# HELP berserk_rooms_store_held Rooms holding a change their store could not commit.",
            "# TYPE berserk_rooms_store_held gauge",
            f"berserk_rooms_store_held {len(self.store_held)}",
            "# HELP berserk_actions_applied_total Game actions applied (automatic passes included).",
            "# TYPE berserk_actions_applied_total counter",
            f"berserk_actions_applied_total {self.actions_applied}",
            "# HELP berserk_dropped_slow_clients_total Connections dropped because their outbound queue was full.",
            "# TYPE berserk_dropped_slow_clients_total counter",
            f"berserk_dropped_slow_clients_total {self.dropped_slow}",
            "# HELP berserk_action_broadcast_seconds Client action arrival to frames handed to every connection.",
            "# TYPE berserk_action_broadcast_seconds histogram",
            *self.latency.lines("berserk_action_broadcast_seconds"),
            "# HELP berserk_event_loop_lag_seconds How late the event loop's periodic probe woke up.",
            "# TYPE berserk_event_loop_lag_seconds histogram",
            *self.loop_lag.lines("berserk_event_loop_lag_seconds"),
            *_family("berserk_gc_pause_seconds", "Duration of each cyclic garbage collection, by generation.",
                     "generation", self.gc_pause),
            *_family("berserk_room_phase_seconds", "Wall time of one step of a room on an action's path.",
                     "phase", self.phases),
            *self.extra(),
        ]
        return "\n".join(lines) + "\n"
