"""``SqlStore``: the :class:`server.store.Store` on SQLAlchemy 2 (async Core), for SQLite (aiosqlite) and PostgreSQL
(asyncpg). The schema is server/store/schema.py; :meth:`SqlStore.start` runs the Alembic migrations first.

SQLite runs in WAL mode with ``synchronous=NORMAL`` by default (a committed transaction survives a crash of the
process; a checkpoint at most a second later makes it survive the machine's too; the operator may choose ``FULL``:
an fsync per commit, settings.sqlite_synchronous) and foreign keys on; an in-memory database (URL
``sqlite+aiosqlite://``, the tests' default) is one shared connection. Every write of the live-room tables
(snapshots, log entries, deletions) is one function (server/store/live.py) run by the store's one live-room writer,
which group-commits: on a SQLite file the ``LoopWriter`` with its own connection (with NORMAL on the event loop
itself; with FULL in its thread, server/store/loop_writer.py), elsewhere the ``EngineWriter`` on the async engine
(server/store/writer.py).
On PostgreSQL the migrations hold an advisory lock, so replicas starting together migrate once.
"""
from __future__ import annotations

import os
import secrets
import sqlite3
import time
import unicodedata

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import NullPool, StaticPool

from .accounts import AccountsMixin, record_history
from .base import DECK_MAX_CARDS, DECK_NAME_MAX, DEFAULT_RATING, Store, StoreError, clean_name, names_now
from .schema import decks, games, live_rooms, players, ratings, room_log
from . import live
from .loop_writer import LoopWriter
from .writer import EngineWriter

MIGRATIONS = os.path.join(os.path.dirname(__file__), "migrations")
MIGRATION_LOCK = 1919001    # pg_advisory_xact_lock key of the migrations (any constant of this service)
GAME_FIELDS = ("id", "seed", "decks", "deck_names", "log", "result", "players", "started", "duration", "version")
LIST_MAX = 200
WAL_SIZE_LIMIT = 32 << 20  # bytes: a WAL that grew larger in a burst is cut back to this when it starts again
# WAL frames (a 4 KiB page and its 24-byte header each: about 24 MiB, under WAL_SIZE_LIMIT) at which the loop writer
# starts the WAL again with the writes held (server/store/loop_writer.py): every commit waits out that checkpoint's
# two fsyncs, so the rarer the better; at 1 000 frames it came every 2 s at 500 mid-game rooms and held 1-3 % of
# the commits for 20-600 ms (docs/performance.md "Where a mid-game action waits")
RESET_FRAMES = 6000
ROOMS_PER_READ = 400        # room ids per batched read of live rooms (load_rooms; one parameter each, under 999)


def clean_cards(cards) -> list[str]:
    """``cards`` as a list; raises StoreError("bad_cards") unless it is a list of at most DECK_MAX_CARDS short
    strings (whether they make a legal deck is the engine validator's business)."""
    if (not isinstance(cards, list) or len(cards) > DECK_MAX_CARDS
            or not all(isinstance(c, str) and 0 < len(c) <= 64 for c in cards)):
        raise StoreError("bad_cards", f"'cards' must be a list of at most {DECK_MAX_CARDS} card ids.")
    return list(cards)


def _new_id() -> str:
    return secrets.token_hex(8)


def _deck(row) -> dict:
    return {"id": row.id, "owner": row.owner, "name": row.name, "cards": list(row.cards), "created": row.created,
            "updated": row.updated}


def _player(row) -> dict:
    return {"id": row.id, "name": row.name, "created": row.created}


def _rating(player_id: str, row) -> dict:
    if row is None:
        return dict(DEFAULT_RATING, player=player_id, games=0, updated=None)
    return {"player": player_id, "rating": row.rating, "rd": row.rd, "vol": row.vol, "games": row.games,
            "updated": row.updated}


def _game(row, full: bool) -> dict:
    out = {"id": row.id, "deck_names": row.deck_names, "result": row.result,
           "players": {"1": row.player1, "2": row.player2}, "names": row.names, "bots": row.bots,
           "rated": bool(row.rated), "started": row.started, "duration": row.duration, "version": row.version,
           "options": row.options}
    if full:
        out.update(seed=row.seed, decks=row.decks, log=row.log)
    return out



async def _names_now(conn, ids: set) -> dict[str, str]:
    """id -> the name the player has now, for the players ``ids`` that exist (one query)."""
    rows = await conn.execute(sa.select(players.c.id, players.c.name).where(players.c.id.in_(ids)))
    return {p.id: p.name for p in rows}

class SqlStore(AccountsMixin, Store):
    """The store on one SQLAlchemy async engine. ``url``: ``sqlite+aiosqlite:///path``, ``sqlite+aiosqlite://``
    (in memory) or ``postgresql+asyncpg://user@host:port/db``. ``synchronous`` (SQLite file only): ``"full"``, a
    committed transaction survives a power loss; ``"normal"``, it survives a crash of the process, and a power
    loss or OS crash may take the transactions of the last ``checkpoint_interval`` seconds (> 0; the loop
    writer's checkpoints, docs/operations.md). Raises ValueError on another value."""

    def __init__(self, url: str, synchronous: str = "normal", checkpoint_interval: float = 1.0) -> None:
        if synchronous not in ("full", "normal"):
            raise ValueError(f"synchronous={synchronous!r} must be 'full' or 'normal'")
        self.synchronous = synchronous
        self.checkpoint_interval = checkpoint_interval
        self.url = url
        self.engine: AsyncEngine | None = None
        self._writer: LoopWriter | EngineWriter | None = None   # the one writer of the live-room tables
        parsed = sa.engine.make_url(url)
        self.durable = parsed.get_backend_name() != "sqlite" or parsed.database not in (None, "", ":memory:")

    @property
    def live_transactions(self) -> tuple[int, int]:
        """``(transactions, writes)`` the live-room writer has committed (0, 0 before :meth:`start`)."""
        w = self._writer
        return (0, 0) if w is None else (w.transactions, w.jobs)

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return sa.engine.make_url(self.url).get_backend_name()

    def _make_engine(self) -> AsyncEngine:
        url = sa.engine.make_url(self.url)
        if url.get_backend_name() != "sqlite":
            return create_async_engine(url, pool_pre_ping=True)
        path = url.database
        if path:
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
            engine = create_async_engine(url, connect_args={"timeout": 30})
        else:
            engine = create_async_engine(url, poolclass=StaticPool)
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas(bool(path), self.synchronous))
        return engine

    def _make_writer_engine(self, on_loop: bool = False, autocheckpoint: bool | None = None) -> sa.Engine:
        """The synchronous engine of the live-room writer (file SQLite only): same file, same pragmas. ``on_loop``:
        the :class:`LoopWriter`'s, with no busy timeout (the loop never waits on SQLite's lock) and no automatic
        checkpoint (its checkpoints run in a thread); ``autocheckpoint`` (default: not ``on_loop``) False also for
        the fallback thread of a loop writer that checkpoints (else each of its commits while the WAL holds over
        1000 frames would run a checkpoint, an fsync, of its own)."""
        url = sa.engine.make_url(self.url).set(drivername="sqlite+pysqlite")
        engine = sa.create_engine(url, connect_args={"timeout": 0 if on_loop else 30, "check_same_thread": False},
                                  poolclass=NullPool)
        auto = not on_loop if autocheckpoint is None else autocheckpoint
        event.listen(engine, "connect", _sqlite_pragmas(True, self.synchronous, autocheckpoint=auto))
        return engine

    def _checkpoint(self) -> tuple[int, int, int]:
        """One ``PRAGMA wal_checkpoint(PASSIVE)`` on a connection of its own (blocking: the LoopWriter runs it in a
        worker thread): the WAL is fsynced, then copied into the database and that fsynced; writers go on.
        Returns SQLite's ``(busy, frames in the WAL, frames copied)``."""
        db = sqlite3.connect(sa.engine.make_url(self.url).database, timeout=30)
        try:
            return tuple(db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone())
        finally:
            db.close()

    async def start(self) -> None:
        """Open the engine and migrate the schema to the newest revision (Alembic ``upgrade head``).

        Raises StoreError("unavailable") when the database cannot be reached."""
        self.engine = self._make_engine()
        try:
            async with self.engine.begin() as conn:
                if conn.dialect.name == "postgresql":
                    await conn.execute(sa.text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK})
                await conn.run_sync(_upgrade)
        except (OSError, sa.exc.OperationalError, sa.exc.InterfaceError) as e:
            await self.engine.dispose()
            raise StoreError("unavailable", f"The database cannot be reached: {e}") from None
        if self.dialect == "sqlite" and self.durable:
            on_loop = self.synchronous == "normal"
            self._writer = LoopWriter(lambda: self._make_writer_engine(on_loop=True),
                                      lambda: self._make_writer_engine(autocheckpoint=not on_loop),
                                      self._checkpoint, self.checkpoint_interval, RESET_FRAMES,
                                      on_loop=on_loop)
        else:
            self._writer = EngineWriter(self.engine)
        await self._writer.start()

    async def close(self) -> None:
        if self._writer is not None:
            await self._writer.stop()
        self._writer = None
        if self.engine is not None:
            await self.engine.dispose()
            self.engine = None

    async def revision(self) -> str | None:
        """The schema revision the database is at (Alembic's ``alembic_version``)."""
        async with self.engine.connect() as conn:
            return await conn.scalar(sa.text("SELECT version_num FROM alembic_version"))

    # -- players: server/store/accounts.py (AccountsMixin) ----------------------------------------------------
    async def _player_row(self, player_id):
        if not isinstance(player_id, str):
            return None
        async with self.engine.connect() as conn:
            return (await conn.execute(players.select().where(players.c.id == player_id))).first()

    async def get_player(self, player_id: str) -> dict | None:
        row = await self._player_row(player_id)
        return None if row is None else _player(row)

    async def player_names(self, player_ids) -> dict[str, str]:
        ids = {p for p in player_ids if isinstance(p, str)}
        if not ids:
            return {}
        async with self.engine.connect() as conn:
            return await _names_now(conn, ids)

    # -- saved decks -------------------------------------------------------------------------------------------
    async def create_deck(self, owner: str, name: str, cards: list[str]) -> dict:
        now = time.time()
        row = {"id": _new_id(), "owner": owner, "name": clean_name(name, DECK_NAME_MAX),
               "cards": clean_cards(cards), "created": now, "updated": now}
        try:
            async with self.engine.begin() as conn:
                await conn.execute(decks.insert().values(**row))
        except IntegrityError:
            raise StoreError("no_player", "There is no such player.") from None
        return dict(row)

    async def list_decks(self, owner: str) -> list[dict]:
        async with self.engine.connect() as conn:
            rows = await conn.execute(decks.select().where(decks.c.owner == owner)
                                      .order_by(decks.c.updated.desc(), decks.c.id))
            return [_deck(r) for r in rows]

    async def get_deck(self, owner: str, deck_id: str) -> dict | None:
        if not isinstance(deck_id, str):
            return None
        async with self.engine.connect() as conn:
            row = (await conn.execute(decks.select().where(decks.c.id == deck_id, decks.c.owner == owner))).first()
        return None if row is None else _deck(row)

    async def update_deck(self, owner: str, deck_id: str, *, name: str | None = None,
                          cards: list[str] | None = None) -> dict | None:
        values: dict = {"updated": time.time()}
        if name is not None:
            values["name"] = clean_name(name, DECK_NAME_MAX)
        if cards is not None:
            values["cards"] = clean_cards(cards)
        async with self.engine.begin() as conn:
            done = await conn.execute(decks.update().where(decks.c.id == deck_id, decks.c.owner == owner)
                                      .values(**values))
        return await self.get_deck(owner, deck_id) if done.rowcount else None

    async def duplicate_deck(self, owner: str, deck_id: str, name: str | None = None) -> dict | None:
        deck = await self.get_deck(owner, deck_id)
        if deck is None:
            return None
        if name is None:
            name = (deck["name"][:DECK_NAME_MAX - 4] + " (2)")
        return await self.create_deck(owner, name, deck["cards"])

    async def delete_deck(self, owner: str, deck_id: str) -> bool:
        async with self.engine.begin() as conn:
            done = await conn.execute(decks.delete().where(decks.c.id == deck_id, decks.c.owner == owner))
        return bool(done.rowcount)

    # -- finished games ----------------------------------------------------------------------------------------
    async def record_game(self, game: dict) -> bool:
        missing = [f for f in GAME_FIELDS if f not in game]
        if missing:
            raise StoreError("bad_game", f"A recorded game needs {', '.join(missing)}.")
        seats = game["players"] or {}
        row = {"id": game["id"], "seed": int(game["seed"]), "decks": game["decks"],
               "deck_names": game["deck_names"], "log": game["log"], "result": game["result"],
               "player1": seats.get("1"), "player2": seats.get("2"), "names": game.get("names"),
               "bots": game.get("bots") or {}, "rated": bool(game.get("rated", False)),
               "started": float(game["started"]), "duration": float(game["duration"]),
               "version": int(game["version"]), "options": game.get("options") or {}}
        try:
            if isinstance(self._writer, LoopWriter):
                # a SQLite file: in one transaction of the live-room writer, so the write lock is never held
                # across turns of the event loop (every room's commit waited behind this one's, then behind the
                # fallback thread: docs/performance.md "Where a mid-game action waits")
                await self._writer.run(self._record, row)
            else:
                async with self.engine.begin() as conn:
                    await conn.run_sync(self._record, row)
        except IntegrityError:
            return False
        return True

    def _record(self, conn: sa.Connection, row: dict) -> None:
        """The recording transaction's statements on ``conn`` (sync: run by the live-room writer or ``run_sync``)."""
        if row["names"] is None:
            row["names"] = {s: self._name(conn, row[f"player{s}"]) for s in ("1", "2")}
        conn.execute(games.insert().values(**row))
        if row["rated"]:
            self._rate(conn, row["player1"], row["player2"], (row["result"] or {}).get("winner"), row["id"])

    def _name(self, conn: sa.Connection, player_id) -> str | None:
        if player_id is None:
            return None
        return conn.scalar(sa.select(players.c.name).where(players.c.id == player_id))

    def _rate(self, conn: sa.Connection, p1: str, p2: str, winner, game_id: str) -> None:
        """Glicko-2 update of both players after their rated game, inside the recording transaction (the rows are
        locked on PostgreSQL so two games ending together do not overwrite each other)."""
        from .ratings import rate
        if winner not in (1, 2, "draw"):
            return
        for pid in (p1, p2):
            if self._name(conn, pid) is None:      # not a registered player: nothing to rate
                return
        before = []
        for pid in (p1, p2):
            q = ratings.select().where(ratings.c.player == pid)
            if conn.dialect.name == "postgresql":
                q = q.with_for_update()
            before.append(_rating(pid, conn.execute(q).first()))
        new = rate(before[0], before[1], winner)
        self._put_ratings(conn, new)
        record_history(conn, new, game_id)

    def _put_ratings(self, conn: sa.Connection, new) -> None:
        now = time.time()
        for r in new:
            values = {"rating": float(r["rating"]), "rd": float(r["rd"]), "vol": float(r["vol"]),
                      "games": int(r["games"]), "updated": now}
            done = conn.execute(ratings.update().where(ratings.c.player == r["player"]).values(**values))
            if not done.rowcount:
                conn.execute(ratings.insert().values(player=r["player"], **values))

    async def list_games(self, player_id: str, limit: int = 50, before: float | None = None) -> list[dict]:
        q = games.select().where(sa.or_(games.c.player1 == player_id, games.c.player2 == player_id))
        if before is not None:
            q = q.where(games.c.started < before)
        q = q.order_by(games.c.started.desc(), games.c.id).limit(max(1, min(LIST_MAX, int(limit))))
        async with self.engine.connect() as conn:
            rows = [_game(r, full=False) for r in await conn.execute(q)]
            ids = {pid for r in rows for pid in r["players"].values() if pid is not None}
            now = await _names_now(conn, ids) if ids else {}
        for r in rows:          # a player renamed since is listed under the name they have now
            r["names"] = names_now(r["names"], r["players"], now)
        return rows

    async def get_game(self, game_id: str) -> dict | None:
        if not isinstance(game_id, str):
            return None
        async with self.engine.connect() as conn:
            row = (await conn.execute(games.select().where(games.c.id == game_id))).first()
        return None if row is None else _game(row, full=True)

    # -- ratings -----------------------------------------------------------------------------------------------
    async def get_rating(self, player_id: str) -> dict:
        async with self.engine.connect() as conn:
            row = (await conn.execute(ratings.select().where(ratings.c.player == player_id))).first()
        return _rating(player_id, row)

    async def update_ratings(self, new: list[dict]) -> None:
        async with self.engine.begin() as conn:
            await conn.run_sync(self._put_ratings, new)

    async def leaderboard(self, limit: int = 50, offset: int = 0, min_games: int = 1) -> list[dict]:
        q = (sa.select(ratings.c.player, players.c.name, ratings.c.rating, ratings.c.rd, ratings.c.games)
             .join(players, players.c.id == ratings.c.player).where(ratings.c.games >= max(1, int(min_games)))
             .order_by(ratings.c.rating.desc(), ratings.c.player)
             .limit(max(1, min(LIST_MAX, int(limit)))).offset(max(0, int(offset))))
        async with self.engine.connect() as conn:
            return [{"player": r.player, "name": r.name, "rating": r.rating, "rd": r.rd, "games": r.games}
                    for r in await conn.execute(q)]

    # -- live rooms --------------------------------------------------------------------------------------------
    async def write_rooms(self, items: list[tuple[str, str, int, bytes]]) -> None:
        try:
            await self._live(live.write_rooms, list(items))
        except (IntegrityError, sqlite3.IntegrityError):
            raise StoreError("bad_entry", "A room has one of these log entries already.") from None

    async def delete_room(self, room_id: str) -> None:
        await self._live(live.delete_room, room_id)

    async def probe_write(self) -> None:
        """A write that leaves nothing (a log row written and removed in one transaction) on the live-room path, so
        it fails as a room's commit would (server/store_outage.py ``StoreHealth``). Raises what the database raised."""
        await self._live(live.probe_write)

    async def _live(self, fn, *args):
        """``fn(execute, *args)`` (server/store/live.py) in one transaction of the store's live-room writer."""
        return await self._writer.run(lambda conn: fn(live.executor(conn), *args))

    async def load_room(self, room_id: str) -> tuple[bytes, list[bytes]] | None:
        async with self.engine.connect() as conn:
            snap = await conn.scalar(sa.select(live_rooms.c.snapshot).where(live_rooms.c.id == room_id))
            if snap is None:
                return None
            entries = await conn.execute(sa.select(room_log.c.entry).where(room_log.c.room == room_id)
                                         .order_by(room_log.c.seq))
            return bytes(snap), [bytes(e.entry) for e in entries]

    async def load_rooms(self, room_ids: list[str]) -> dict[str, tuple[bytes, list[bytes]]]:
        """``{room_id: (snapshot, [log entry...] in seq order)}`` of each of ``room_ids`` that is stored (others are
        left out): one snapshot query and one log query per :data:`ROOMS_PER_READ` ids. Like :meth:`load_room`, meant
        for rooms the caller owns already (server/rooms.py takes ownership first), so no write falls between the
        two queries of a room."""
        out: dict[str, tuple[bytes, list[bytes]]] = {}
        async with self.engine.connect() as conn:
            for i in range(0, len(room_ids), ROOMS_PER_READ):
                chunk = room_ids[i:i + ROOMS_PER_READ]
                snaps = await conn.execute(sa.select(live_rooms.c.id, live_rooms.c.snapshot)
                                           .where(live_rooms.c.id.in_(chunk)))
                logs: dict[str, list[bytes]] = {}
                for row in snaps:
                    logs[row.id] = []
                    out[row.id] = (bytes(row.snapshot), logs[row.id])
                rows = await conn.execute(sa.select(room_log.c.room, room_log.c.entry)
                                          .where(room_log.c.room.in_(chunk))
                                          .order_by(room_log.c.room, room_log.c.seq))
                for row in rows:
                    if row.room in logs:
                        logs[row.room].append(bytes(row.entry))
        return out

    async def room_ids(self) -> list[str]:
        async with self.engine.connect() as conn:
            return [r.id for r in await conn.execute(sa.select(live_rooms.c.id).order_by(live_rooms.c.id))]


def _sqlite_pragmas(file: bool, synchronous: str, autocheckpoint: bool = True):
    """The ``connect`` listener of a SQLite engine: on a file WAL and ``synchronous`` (FULL: a committed transaction
    survives a crash of the process and of the machine; NORMAL: of the process only, until the next checkpoint),
    automatic WAL checkpoints unless ``autocheckpoint`` is False; foreign keys always."""
    mode = {"full": "FULL", "normal": "NORMAL"}[synchronous]

    def pragmas(dbapi_conn, _record):
        cur = dbapi_conn.cursor()
        if file:
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute(f"PRAGMA synchronous={mode}")
            if not autocheckpoint:
                cur.execute("PRAGMA wal_autocheckpoint=0")
                cur.execute(f"PRAGMA journal_size_limit={WAL_SIZE_LIMIT}")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()
    return pragmas


def _upgrade(sync_conn) -> None:
    """Alembic ``upgrade head`` on an open connection (server/store/migrations/env.py reads it from the config)."""
    from alembic import command
    from alembic.config import Config
    cfg = Config()
    cfg.set_main_option("script_location", MIGRATIONS)
    cfg.attributes["connection"] = sync_conn
    command.upgrade(cfg, "head")
