"""SQLite's durability level is an operator setting (settings.sqlite_synchronous, docs/operations.md
"Durability"): ``normal`` by default (an acknowledged action survives kill -9 of the process,
tests/server/test_restart_resume.py; a power loss may take the last second), ``full`` when chosen (it survives a
power loss too); any other value is refused at start-up."""
from __future__ import annotations

import pytest
import sqlalchemy as sa

from server.__main__ import parse_args
from server.settings import Settings
from server.store import open_store

FULL, NORMAL = 2, 1                  # PRAGMA synchronous values


async def _levels(settings) -> tuple[int, int]:
    """PRAGMA synchronous of the store's pool connection and of its live-room writer's connection."""
    store = open_store(settings)
    await store.start()
    try:
        async with store.engine.connect() as conn:
            pool = await conn.scalar(sa.text("PRAGMA synchronous"))
        writer = await store._writer.run(lambda conn: conn.exec_driver_sql("PRAGMA synchronous").scalar())
        return pool, writer
    finally:
        await store.close()


async def test_the_sqlite_store_commits_with_synchronous_normal_by_default(tmp_path):
    assert Settings().sqlite_synchronous == "normal"
    assert await _levels(Settings(data_dir=str(tmp_path))) == (NORMAL, NORMAL)


async def test_synchronous_full_applies_to_every_connection_when_the_operator_chooses_it(tmp_path):
    settings = Settings.from_env({"BERSERK_SQLITE_SYNCHRONOUS": "full"}, data_dir=str(tmp_path))
    assert await _levels(settings) == (FULL, FULL)


def test_an_unknown_synchronous_level_is_refused():
    with pytest.raises(ValueError, match="sqlite_synchronous"):
        Settings(sqlite_synchronous="off")


def test_the_command_line_refuses_an_unknown_synchronous_level(capsys):
    with pytest.raises(SystemExit):
        parse_args(["--sqlite-synchronous", "off"])
    assert "sqlite_synchronous" in capsys.readouterr().err
