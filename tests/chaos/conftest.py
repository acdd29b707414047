"""Fixtures of the chaos suite: its own redis-server on a free port, real server processes on loopback, and the
summary of every scenario's figures at the end of the run (tests/chaos/probe.py ``record``)."""
from __future__ import annotations

import pytest

from tests.chaos.probe import FIGURES
from tests.server.multiproc import RedisServer, ServerProc

#: settings of every chaos server process: default lease (5 s) and renewal (1 s); limits lifted for many rooms
CHAOS = dict(rate_per_sec=1000.0, rate_burst=1000, create_burst=1000, create_per_min=100000.0)


@pytest.fixture
def redis_server():
    srv = RedisServer().start()
    yield srv
    srv.stop()


@pytest.fixture
def cluster(redis_server):
    """``cluster(n, **settings)`` -> n healthy server processes sharing the test's Redis (stopped afterwards)."""
    procs: list[ServerProc] = []

    def make(n: int, **settings) -> list[ServerProc]:
        new = [ServerProc(redis_server.url, **dict(CHAOS, **settings)) for _ in range(n)]
        procs.extend(new)
        return [p.wait_healthy() for p in new]
    yield make
    for p in procs:
        p.stop()


@pytest.fixture(scope="module")
def pair():
    """``(redis, p1, p2)``: one redis-server and two server processes shared by a module's tests (they run in file
    order; each opens and closes its own rooms)."""
    srv = RedisServer().start()
    procs = [ServerProc(srv.url, **CHAOS) for _ in range(2)]
    try:
        for p in procs:
            p.wait_healthy()
        yield srv, procs[0], procs[1]
    finally:
        for p in procs:
            p.stop()
        srv.stop()


def pytest_terminal_summary(terminalreporter):
    if not FIGURES:
        return
    terminalreporter.section("chaos figures (docs/reliability.md)")
    for scenario, figures in FIGURES:
        terminalreporter.write_line(f"{scenario}: " + ", ".join(f"{k} {v}" for k, v in figures.items()))
