"""The store: everything the service keeps beyond a process's memory, behind one small async interface.

``Store`` (abstract) is what the rest of the server uses; :class:`server.store.sql.SqlStore` implements it with
SQLAlchemy 2 (async) on SQLite (aiosqlite; the default, one file under ``--data-dir``) or PostgreSQL (asyncpg;
``--database URL``). Records are plain JSON-like dicts; times are Unix seconds (float); ids are str. Lookups that
find nothing return None / False / [] (they never raise); bad arguments raise :class:`StoreError`.

What is kept:

* players: ``{"id", "name", "created"}``, their sessions (the SHA-256 of each session's secret, never the secret),
  an optional argon2 password hash, their language, the rating after each rated game, whom they added as friends
  and their direct challenges (server/store/accounts.py; names unique under server/namekey.py);
* saved decks of a player: ``{"id", "owner", "name", "cards": [card id...], "created", "updated"}``;
* every finished game, forever: ``{"id", "seed", "decks", "deck_names", "log", "result", "players", "names",
  "bots", "rated", "started", "duration", "version", "options"}``;
* Glicko-2 ratings: ``{"player", "rating", "rd", "vol", "games", "updated"}``;
* live rooms (single-process restart): the latest snapshot of each room plus the actions applied since
  (server/store/rooms.py).
"""
from __future__ import annotations

from .base import (DECK_MAX_CARDS, DECK_NAME_MAX, DEFAULT_RATING, NAME_MAX, Store, StoreError, hash_secret,
                   secret_matches)

__all__ = ["DECK_MAX_CARDS", "DECK_NAME_MAX", "DEFAULT_RATING", "NAME_MAX", "Store", "StoreError", "database_url",
           "hash_secret", "open_store", "secret_matches"]


def database_url(settings) -> str:
    """The SQLAlchemy URL the settings select: ``settings.database`` (``postgresql://``/``postgres://`` are given
    the asyncpg driver, ``sqlite://`` aiosqlite), else SQLite at ``<data_dir>/berserk.sqlite3``, else (empty
    data_dir: tests) an in-memory SQLite database."""
    import os
    url = settings.database
    if url:
        for plain, driver in (("postgres://", "postgresql+asyncpg://"), ("postgresql://", "postgresql+asyncpg://"),
                              ("sqlite://", "sqlite+aiosqlite://")):
            if url.startswith(plain):
                return driver + url[len(plain):]
        return url
    if settings.data_dir:
        return "sqlite+aiosqlite:///" + os.path.abspath(os.path.join(settings.data_dir, "berserk.sqlite3"))
    return "sqlite+aiosqlite://"


def open_store(settings) -> Store:
    """The store the settings select (see :func:`database_url`); call ``await store.start()`` before use."""
    from .sql import SqlStore
    return SqlStore(database_url(settings), synchronous=settings.sqlite_synchronous)
