"""Fixtures for server tests: an app on the fake engine (or the real one) served by a real uvicorn on loopback."""
from __future__ import annotations

import contextlib
from types import SimpleNamespace

import pytest

from server.app import create_app
from server.bus.redis import RedisBus
from server.settings import Settings

from tests.server.fake_engine import ENGINE
from tests.server.harness import LiveServer
from tests.server.multiproc import RedisServer


@pytest.fixture
def live_factory():
    """``live_factory(engine=None, **settings)`` -> a started LiveServer (stopped after the test)."""
    with contextlib.ExitStack() as stack:
        def make(engine=ENGINE, **overrides):
            settings = Settings(**overrides)
            return stack.enter_context(LiveServer(create_app(settings, engine=engine)))
        yield make


@pytest.fixture
def live(live_factory):
    """A LiveServer on the fake engine with default settings."""
    return live_factory()


@pytest.fixture
def redis_server():
    """A redis-server of the test's own on a free port (tests/server/multiproc.py), stopped afterwards."""
    srv = RedisServer().start()
    yield srv
    srv.stop()


@pytest.fixture
async def bus(redis_server):
    """A started RedisBus with a 30 s lease whose watchdog never runs during a test (renewal every 1 000 s); a
    module may define its own ``bus`` with other settings."""
    b = RedisBus(redis_server.url, SimpleNamespace(lease_ttl=30.0, lease_renew=1000.0, orphan_sweep=1000.0,
                                                   redis_key_ttl=3600.0))
    await b.start()
    yield b
    await b.close()
