"""Process probes that find the latency tail and the start-up GC policy.

* :class:`LoopLag`: a task that sleeps ``interval`` seconds and records how late it woke (event-loop lag: any
  callback that holds the loop - a long action, a full garbage collection - shows here).
* :class:`GcTimer`: a ``gc.callbacks`` hook timing each cyclic collection by generation.
* :class:`Collector`: while serving, the cyclic collector runs on a timer instead of on allocation counts: young
  collections every ``Settings.gc_young_interval`` seconds, their survivors frozen, and a full collection every
  ``Settings.gc_full_interval`` seconds (why: the class docstring and docs/performance.md "GC on a timer").
* :func:`serve_switch_interval`: the GIL switch interval while serving (``Settings.switch_interval``).
* :func:`settle_heap`: after start-up, collect once, then ``gc.freeze()`` so the long-lived start-up heap (modules,
  the card catalogue, restored rooms) moves to the permanent generation and no later collection scans it again;
  and set the generation-0 threshold (``Settings.gc_threshold0``).

Threshold choice: CPython's default generation-0 threshold is 700 allocations minus deallocations of tracked
containers. One action builds many short-lived dicts and lists (a view per viewer, its diff, the frames):
at 700 a young collection runs about every second action and every tenth of those a generation-1 collection, which
promotes the temporaries of the actions in flight into the old generation and so feeds the full collections
(170-470 ms pauses measured, docs/performance.md). The default here is 10 000: an action's temporaries are mostly
gone before a young collection runs. Generations 1 and 2 keep CPython's 10 and 10 (full collections are further
bounded by CPython's rule of waiting until the long-lived heap grew by 25 %). Measured side by side by ``python -m
bench.gc_threshold`` (docs/performance.md "Instrumentation").
"""
from __future__ import annotations

import asyncio
import gc
import sys
import time

from .metrics import Metrics


async def _cancelled(task: asyncio.Task | None) -> None:
    """Cancel ``task`` (None: nothing) and wait until it has ended; returns None, for the caller's attribute."""
    if task is not None:
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            pass
    return None


class LoopLag:
    """Records into ``metrics.loop_lag`` how late each wake-up of a ``interval``-second sleep comes (seconds).
    :meth:`start` inside the running loop, :meth:`stop` (awaitable) at shutdown."""

    def __init__(self, metrics: Metrics, interval: float = 0.1) -> None:
        self.metrics, self.interval = metrics, interval
        self.task: asyncio.Task | None = None

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run(), name="loop-lag")

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + self.interval
            await asyncio.sleep(self.interval)
            self.metrics.loop_lag.observe(max(0.0, loop.time() - due))

    async def stop(self) -> None:
        self.task = await _cancelled(self.task)


class GcTimer:
    """A ``gc.callbacks`` hook: each collection's duration (seconds) goes into ``metrics.gc_pause[generation]``.
    GC is process-wide, so every installed timer sees every collection of the process. :meth:`install` once,
    :meth:`uninstall` at shutdown (idempotent both)."""

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics
        self._t0 = 0.0

    def __call__(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._t0 = time.perf_counter()
        elif phase == "stop":
            hist = self.metrics.gc_pause.get(info.get("generation"))
            if hist is not None:
                hist.observe(time.perf_counter() - self._t0)

    def install(self) -> None:
        if self not in gc.callbacks:
            gc.callbacks.append(self)

    def uninstall(self) -> None:
        while self in gc.callbacks:
            gc.callbacks.remove(self)


class Collector:
    """The cyclic garbage collector on a timer while serving (docs/performance.md "GC on a timer").

    :meth:`start` (inside the running loop) turns CPython's allocation-triggered collections off (``gc.disable()``)
    and starts a task that, every ``young_interval`` seconds, runs a young collection (``gc.collect(0)``) and then
    ``gc.freeze()``: what survived it (almost all of it room state: games, journals, connections) moves to the
    permanent generation, so no later young or middle collection scans it again. Every ``full_interval`` seconds
    the task runs ``gc.unfreeze()``, a full collection and ``gc.freeze()`` again: that reclaims the reference cycles that
    formed among older objects (measured: closed HTTP keep-alive connections, about 18 objects each; room state
    almost never forms one). :meth:`stop` (awaitable) ends the task and puts automatic collection back as it was.

    Why: CPython counts allocations minus deallocations, and an old object's death also lowers the young count, so
    while every action replaces old room state by new, the young generation grows far beyond the threshold before
    a collection runs (92 000 objects and 50-90 ms per young collection at 500 rooms), and every tenth young
    collection scans the survivors of the last ten (40-100 ms). Collections counted by time are bounded by the
    objects made in ``young_interval``. Every collection, explicit or not, still reaches :class:`GcTimer`. (No
    trigger reads the frozen heap's size: ``gc.get_freeze_count()`` walks the whole permanent list.)

    Raises ValueError for an interval that is not positive (nothing started)."""

    def __init__(self, young_interval: float, full_interval: float) -> None:
        if not young_interval > 0 or not full_interval > 0:
            raise ValueError("young_interval and full_interval must be > 0 seconds")
        self.young_interval, self.full_interval = young_interval, full_interval
        self.task: asyncio.Task | None = None
        self.young_runs = self.full_runs = 0
        self._was_enabled = True

    def start(self) -> None:
        self._was_enabled = gc.isenabled()
        gc.disable()
        self.task = asyncio.get_running_loop().create_task(self._run(), name="gc-collector")

    def young(self) -> None:
        """One young collection, then its survivors frozen."""
        gc.collect(0)
        gc.freeze()
        self.young_runs += 1

    def full(self) -> None:
        """One full collection over everything, the start-up heap included; then everything left frozen again."""
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.full_runs += 1

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        last_full = loop.time()
        while True:
            await asyncio.sleep(self.young_interval)
            if loop.time() - last_full >= self.full_interval:
                self.full()
                last_full = loop.time()
            else:
                self.young()

    async def stop(self) -> None:
        self.task = await _cancelled(self.task)
        if self._was_enabled:
            gc.enable()


def check_settings(settings) -> None:
    """Refuse, before anything starts, probe settings that cannot work: ValueError naming the setting for a
    negative ``gc_threshold0`` or ``gc_young_interval``, or a ``loop_lag_interval``, ``switch_interval`` or
    ``gc_full_interval`` that is not positive."""
    if settings.gc_threshold0 < 0:
        raise ValueError("gc_threshold0 must be >= 0 (0 keeps CPython's thresholds)")
    if not settings.loop_lag_interval > 0:
        raise ValueError("loop_lag_interval must be > 0 seconds")
    if not settings.switch_interval > 0:
        raise ValueError("switch_interval must be > 0 seconds")
    if settings.gc_young_interval < 0 or not settings.gc_full_interval > 0:
        raise ValueError("gc_young_interval must be >= 0 seconds (0 = CPython's own triggers) "
                         "and gc_full_interval > 0 seconds")


def serve_switch_interval(seconds: float) -> float:
    """Set the GIL switch interval (``sys.setswitchinterval``, seconds > 0) for serving; returns the previous one,
    for the shutdown to put back. Why (docs/performance.md "The GIL switch interval"): each blocking step of a
    commit in the SQLite writer thread (server/store/writer.py) releases the GIL, and while the event loop's thread
    runs Python the writer gets it back only when the loop's thread is asked to drop it, one switch interval later:
    CPython's 5 ms, several times per transaction, every room of the group commit waiting. Raises ValueError for
    a value that is not positive (nothing changed)."""
    if not seconds > 0:
        raise ValueError("switch_interval must be > 0 seconds")
    before = sys.getswitchinterval()
    sys.setswitchinterval(seconds)
    return before


def settle_heap(threshold0: int) -> tuple[int, int, int]:
    """Once start-up is over: one full collection, then ``gc.freeze()``; ``threshold0`` (> 0) becomes the
    generation-0 threshold, 0 keeps the current thresholds (module docstring: the choice). Returns the thresholds
    before, for :func:`release_heap`. Raises ValueError for a negative ``threshold0`` (nothing changed)."""
    if threshold0 < 0:
        raise ValueError("gc_threshold0 must be >= 0")
    before = gc.get_threshold()
    gc.collect()
    gc.freeze()
    if threshold0:
        gc.set_threshold(threshold0, before[1], before[2])
    return before


def release_heap(thresholds: tuple[int, int, int]) -> None:
    """At shutdown: ``gc.unfreeze()`` and the thresholds back, so a process that builds several apps in turn (the
    tests) keeps no frozen garbage of a closed one."""
    gc.unfreeze()
    gc.set_threshold(*thresholds)
