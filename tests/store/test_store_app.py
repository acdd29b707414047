"""The app holds one migrated store: SQLite under the data directory by default, PostgreSQL with ``database``."""
from __future__ import annotations

import os

from starlette.testclient import TestClient

from server.app import create_app
from server.settings import Settings
from server.store import database_url
from tests.server.fake_engine import ENGINE


def test_the_server_creates_its_sqlite_file_under_the_data_dir_on_first_start(tmp_path):
    data = tmp_path / "fresh" / "data"
    app = create_app(Settings(data_dir=str(data)), engine=ENGINE)
    with TestClient(app) as client:
        assert client.get("/healthz").status_code == 200
        assert app.state.store is app.state.hub.store
        assert client.portal.call(app.state.store.revision) == "0004"
    assert os.path.isfile(data / "berserk.sqlite3")


def test_the_data_dir_defaults_to_dot_data_and_comes_from_the_environment():
    assert Settings.from_env({}).data_dir == "./data"
    assert Settings.from_env({"BERSERK_DATA_DIR": "/srv/b"}).data_dir == "/srv/b"


def test_database_url_selects_postgresql_with_the_asyncpg_driver():
    s = Settings.from_env({"DATABASE_URL": "postgresql://u:p@db:5432/berserk"})
    assert database_url(s) == "postgresql+asyncpg://u:p@db:5432/berserk"
    assert database_url(Settings(database="postgres://db/x")) == "postgresql+asyncpg://db/x"


def test_the_server_runs_on_postgresql_when_a_database_url_is_given(postgres):
    url = postgres.fresh_database("app1")
    app = create_app(Settings(database=url.replace("postgresql+asyncpg://", "postgresql://")), engine=ENGINE)
    with TestClient(app) as client:
        assert client.get("/healthz").status_code == 200
        assert app.state.store.dialect == "postgresql"
        assert client.portal.call(app.state.store.revision) == "0004"
