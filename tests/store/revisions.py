"""A store database at an older schema revision, for migration tests."""
from __future__ import annotations

from alembic import command
from alembic.config import Config

from server.store.sql import MIGRATIONS, SqlStore


async def store_at(url: str, revision: str, rows: list[tuple[str, dict]] = ()) -> None:
    """Migrate the database at ``url`` up to ``revision`` (not further) and run ``rows`` (SQL text, parameters)
    in the same transaction."""
    import sqlalchemy as sa
    old = SqlStore(url)
    old.engine = old._make_engine()

    def upgrade(conn):
        cfg = Config()
        cfg.set_main_option("script_location", MIGRATIONS)
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)
    try:
        async with old.engine.begin() as conn:
            await conn.run_sync(upgrade)
            for sql, params in rows:
                await conn.execute(sa.text(sql), params)
    finally:
        await old.close()
