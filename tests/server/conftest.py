"""Fixtures for server tests: an app on the fake engine (or the real one) served by a real uvicorn on loopback."""
from __future__ import annotations

import contextlib

import pytest

from server.app import create_app
from server.settings import Settings

from tests.server.fake_engine import ENGINE
from tests.server.harness import LiveServer


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
