"""Store fixtures: ``store`` runs each contract test against both backends, SQLite (a file in a temp dir) and
PostgreSQL (a server of its own, tests/store/postgres.py), each on a fresh, migrated database."""
from __future__ import annotations

import itertools

import pytest

from server.store.sql import SqlStore
from tests.store.postgres import PostgresServer

_names = itertools.count(1)


@pytest.fixture(scope="session")
def postgres():
    """One PostgreSQL server for the session (fails, never skips, when it cannot start)."""
    with PostgresServer() as pg:
        yield pg


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    """The URL of a fresh, empty database of each backend."""
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path}/berserk.sqlite3"
    return request.getfixturevalue("postgres").fresh_database(f"t{next(_names)}")


@pytest.fixture
async def store(store_url):
    """A started (migrated) SqlStore on a fresh database of each backend."""
    s = SqlStore(store_url)
    await s.start()
    yield s
    await s.close()
