"""Fixtures of the chaos suite: its own redis-server on a free port, real server processes on loopback, and the
summary of every scenario's figures at the end of the run (tests/chaos/probe.py ``record``)."""
from __future__ import annotations

import os
import random
import signal
import threading
import time

import pytest

from tests.chaos.probe import FIGURES
from tests.conftest import CHAOS_FIGURES
from tests.server.conftest import redis_server  # noqa: F401  (the fixture, defined once there)
from tests.server.multiproc import RedisServer, ServerProc

#: settings of every chaos server process: default lease (5 s) and renewal (1 s); limits lifted for many rooms
CHAOS = dict(rate_per_sec=1000.0, rate_burst=1000, create_burst=1000, create_per_min=100000.0)


class Stall:
    """Load emulation for reproducing timing faults (opt-in, ``CHAOS_STALL=stop_ms/period_ms``, e.g. ``150/250``):
    every server process of the run is stopped (SIGSTOP) for ``stop_ms`` out of every ``period_ms`` at a random
    phase, as a saturated machine stalls its event loops. Off (no thread) without the variable."""

    def __init__(self) -> None:
        spec = os.environ.get("CHAOS_STALL")
        self.procs: list[ServerProc] = []
        if not spec:
            return
        stop_ms, period_ms = (int(x) for x in spec.split("/"))
        self.stop_s, self.period_s = stop_ms / 1000, period_ms / 1000
        threading.Thread(target=self._run, daemon=True).start()

    def _run(self) -> None:
        rng = random.Random(0)
        while True:
            for p in list(self.procs):
                if p.proc.poll() is None:
                    threading.Thread(target=self._stall, args=(p, rng.random() * self.period_s), daemon=True).start()
            time.sleep(self.period_s)

    def _stall(self, p: ServerProc, delay: float) -> None:
        time.sleep(delay)
        try:
            os.kill(p.proc.pid, signal.SIGSTOP)
            time.sleep(self.stop_s * (0.5 + random.random()))
        finally:
            if p.proc.poll() is None:
                os.kill(p.proc.pid, signal.SIGCONT)


STALL = Stall()


@pytest.fixture
def cluster(redis_server):
    """``cluster(n, **settings)`` -> n healthy server processes sharing the test's Redis (stopped afterwards)."""
    procs: list[ServerProc] = []

    def make(n: int, **settings) -> list[ServerProc]:
        new = [ServerProc(redis_server.url, **dict(CHAOS, **settings)) for _ in range(n)]
        procs.extend(new)
        STALL.procs.extend(new)
        return [p.wait_healthy() for p in new]
    yield make
    STALL.procs.clear()
    for p in procs:
        p.stop()


@pytest.fixture(scope="module")
def pair():
    """``(redis, p1, p2)``: one redis-server and two server processes shared by a module's tests (they run in file
    order; each opens and closes its own rooms)."""
    srv = RedisServer().start()
    procs = [ServerProc(srv.url, **CHAOS) for _ in range(2)]
    STALL.procs.extend(procs)
    try:
        for p in procs:
            p.wait_healthy()
        yield srv, procs[0], procs[1]
    finally:
        STALL.procs.clear()
        for p in procs:
            p.stop()
        srv.stop()


@pytest.fixture(autouse=True)
def _chaos_figures(record_property):
    """Hand each scenario's figures (tests/chaos/probe.py ``record``) to the test's report, so that the run's summary
    (tests/conftest.py) has them also when the test ran in a pytest-xdist worker process."""
    first = len(FIGURES)
    yield
    for scenario, figures in FIGURES[first:]:
        record_property(CHAOS_FIGURES, (scenario, figures))
