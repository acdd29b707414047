"""Where the computer opponents think: the searching levels in worker processes, never on a room's event loop.

:func:`decide` is what server/bot_seat.py awaits for each decision. A level of ``bots.SEARCHING`` (``strong``,
``expert``) runs in a process pool shared by the whole server process (created on first use, ``spawn`` start, so no
event loop or socket is inherited); the other levels are cheap (a few milliseconds) and run inline. The pool has
one worker per core but the one the server needs (at least one), and the workers run at a lower scheduling priority
(``nice`` +10), so that the rooms' event loop gets the CPU first on a busy machine.

The expert's time budget holds on a busy server: while more decisions wait for the pool than it has workers, each
gets a share of :data:`EXPERT_BUDGET` (never below :data:`MIN_BUDGET`), so a decision's wait plus its thinking stays
near the budget instead of growing with the queue.
"""
from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from bots import POLICIES, SEARCHING
from bots.search import EXPERT_BUDGET   # seconds an expert decision thinks when the pool is free
#: The least an expert decision thinks however busy the pool is.
MIN_BUDGET = 0.1

log = logging.getLogger("server.bot_pool")
_pool: ProcessPoolExecutor | None = None
_waiting = 0
#: Decisions sent to the pool so far and decisions answered so far (read by /metrics-like probes and tests).
counts = {"started": 0, "finished": 0}


def workers() -> int:
    """Worker processes of the pool: the cores this process may use, minus one for the server, at least one."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:          # not on Linux
        cores = os.cpu_count() or 1
    return max(1, cores - 1)


def _init() -> None:
    try:
        os.nice(10)
    except OSError:
        pass


def pool() -> ProcessPoolExecutor:
    """The server process's pool of thinking workers (created on first use)."""
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(workers(), mp_context=multiprocessing.get_context("spawn"), initializer=_init)
    return _pool


def shutdown() -> None:
    """Stop the pool's workers (at server shutdown; idempotent). A later :func:`decide` starts a new pool."""
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None


def think(level: str, view: dict, legal: list, seed: int, budget: float | None = None) -> dict:
    """One decision of ``level`` (a name of ``bots.POLICIES``) for ``view`` / ``legal``, seeded: run in a worker
    (picklable arguments only). ``budget``: the expert's seconds (None: its default)."""
    rng = random.Random(seed)
    if level == "expert" and budget is not None:
        return POLICIES[level](view, legal, rng, budget=budget)
    return POLICIES[level](view, legal, rng)


def budget_now() -> float:
    """The expert's budget for a decision asked now: :data:`EXPERT_BUDGET` shared among the decisions waiting
    beyond the pool's workers, at least :data:`MIN_BUDGET`."""
    share = max(1.0, (_waiting + 1) / workers())
    return max(MIN_BUDGET, EXPERT_BUDGET / share)


async def decide(level: str, view: dict, legal: list, rng: random.Random) -> dict:
    """The action ``level`` plays: in the pool for a searching level (should the worker or the search fail, the
    casual level's answer, logged), inline otherwise. Raises ValueError for an empty ``legal``."""
    if level not in SEARCHING:
        return POLICIES[level](view, legal, rng)
    global _waiting
    seed = rng.getrandbits(63)
    budget = budget_now() if level == "expert" else None
    _waiting += 1
    counts["started"] += 1
    try:
        return await asyncio.get_running_loop().run_in_executor(pool(), think, level, view, legal, seed, budget)
    except asyncio.CancelledError:
        raise
    except Exception as e:  # a broken worker or a failed search: the heuristic answers, the game goes on
        if isinstance(e, BrokenProcessPool):
            shutdown()      # a worker died: the next decision starts a new pool
        log.exception("the %s computer failed to think; the casual level answers", level)
        return POLICIES["casual"](view, legal, rng)
    finally:
        _waiting -= 1
        counts["finished"] += 1


def metric_lines() -> list[str]:
    """Prometheus lines for /metrics: the computer's decisions sent to the pool and answered, and those waiting."""
    return ["# HELP berserk_bot_decisions_total Searching computer decisions sent to the worker pool, by state.",
            "# TYPE berserk_bot_decisions_total counter",
            *(f'berserk_bot_decisions_total{{state="{k}"}} {v}' for k, v in counts.items()),
            "# HELP berserk_bot_decisions_waiting Searching computer decisions in the pool now.",
            "# TYPE berserk_bot_decisions_waiting gauge", f"berserk_bot_decisions_waiting {_waiting}"]
