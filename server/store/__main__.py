"""``python -m server.store``: operations on the store (docs/operations.md).

* ``python -m server.store backup PATH`` — a consistent copy of the SQLite database to PATH while the server runs
  (SQLite's online backup API; the copy is a plain SQLite file: restore by putting it back as
  ``<data dir>/berserk.sqlite3`` while the server is stopped). For PostgreSQL use ``pg_dump`` (the command says so).
* ``python -m server.store migrate`` — bring the schema to the newest revision (the server also does it on start).

Both take ``--data-dir DIR`` / ``--database URL`` (or ``BERSERK_DATA_DIR`` / ``DATABASE_URL``) like the server.
Exit status: 0 done, 1 failure (a sentence on stderr), 2 bad usage.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import sys

import sqlalchemy as sa

from server.settings import Settings

from . import StoreError, database_url
from .sql import SqlStore


def backup_sqlite(source: str, target: str) -> int:
    """Copy the SQLite database file ``source`` to ``target`` with the online backup API (consistent even while
    the server writes; pages copied in steps). Returns the number of pages copied. Raises FileNotFoundError when
    ``source`` does not exist, FileExistsError when ``target`` does (never overwritten)."""
    if not os.path.isfile(source):
        raise FileNotFoundError(f"There is no database at {source}.")
    if os.path.exists(target):
        raise FileExistsError(f"{target} exists already; choose a new file.")
    os.makedirs(os.path.dirname(os.path.abspath(target)), exist_ok=True)
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=30)
    dst = sqlite3.connect(target)
    try:
        with dst:
            src.backup(dst, pages=256)
        return dst.execute("PRAGMA page_count").fetchone()[0]
    finally:
        dst.close()
        src.close()


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m server.store", description="Berserk store operations.")
    p.add_argument("--data-dir", default=None, help="the server's data directory (default ./data)")
    p.add_argument("--database", default=None, help="a PostgreSQL URL instead of SQLite")
    sub = p.add_subparsers(dest="command", required=True)
    b = sub.add_parser("backup", help="copy the SQLite database to PATH (online)")
    b.add_argument("path")
    sub.add_parser("migrate", help="migrate the schema to the newest revision")
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    settings = Settings.from_env(data_dir=args.data_dir, database=args.database)
    url = sa.engine.make_url(database_url(settings))
    if args.command == "backup":
        if url.get_backend_name() != "sqlite":
            print("The store is PostgreSQL: back it up with pg_dump (docs/operations.md), e.g.\n"
                  "  pg_dump --format=custom --file=berserk.dump \"$DATABASE_URL\"", file=sys.stderr)
            return 2
        try:
            pages = backup_sqlite(url.database, args.path)
        except (OSError, sqlite3.Error) as e:
            print(f"backup failed: {e}", file=sys.stderr)
            return 1
        print(f"backed up {url.database} to {args.path} ({pages} pages)")
        return 0
    store = SqlStore(str(url))

    async def migrate() -> str | None:
        await store.start()
        try:
            return await store.revision()
        finally:
            await store.close()
    try:
        print(f"schema at revision {asyncio.run(migrate())}")
    except StoreError as e:
        print(e.message, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
