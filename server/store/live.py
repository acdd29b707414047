"""The writes of the live-room tables (``live_rooms``: one snapshot per room; ``room_log``: the entries after it),
written once: every live-room write of the SQL store, on every backend and through every writer, is a call of
:func:`write_rooms` or :func:`delete_room` inside a transaction of the store's one live-room writer
(server/store/sql.py ``SqlStore._live``).

Interface: ``execute = executor(conn)`` on a SQLAlchemy sync ``Connection`` inside its transaction gives
``execute(sql, params) -> rowcount`` for SQL written with ``?`` placeholders; :func:`write_rooms` ``(execute,
items)`` and :func:`delete_room` ``(execute, room_id)`` run on it.
"""
from __future__ import annotations

import re
import time
from typing import Callable

ROWS_PER_INSERT = 300       # log entries per multi-row INSERT (3 parameters each, under SQLite's old limit of 999)

Execute = Callable[[str, tuple], int]


def executor(conn) -> Execute:
    """``execute(sql, params) -> rowcount`` inside ``conn``'s transaction. On pysqlite (the SQLite writers) the
    statements go straight to the sqlite3 connection: about 45 us of CPU per two-entry transaction against 360 us
    through SQLAlchemy Core, measured, and the GIL it holds meanwhile is the event loop's. Elsewhere (asyncpg, or
    aiosqlite through ``run_sync``) through the driver (``exec_driver_sql``), the ``?`` placeholders rewritten in
    the dialect's style (``$1``... for asyncpg)."""
    if conn.dialect.driver == "pysqlite":
        db = conn.connection.driver_connection
        return lambda sql, params: db.execute(sql, params).rowcount
    dollar = conn.dialect.paramstyle == "numeric_dollar"

    def execute(sql: str, params: tuple) -> int:
        if dollar:
            n = iter(range(1, len(params) + 1))
            sql = re.sub(r"\?", lambda _: f"${next(n)}", sql)
        return conn.exec_driver_sql(sql, tuple(params)).rowcount
    return execute


def write_rooms(execute: Execute, items: list[tuple[str, str, int, bytes]]) -> None:
    """The items in order (server/store/base.py ``Store.write_rooms``): consecutive appends as multi-row
    ``INSERT``s (one statement per ``ROWS_PER_INSERT`` rows), a ``save`` replacing the room's snapshot and dropping
    its log. Raises the driver's IntegrityError on an entry logged already."""
    now = time.time()
    rows: list[tuple] = []

    def insert() -> None:
        for i in range(0, len(rows), ROWS_PER_INSERT):
            chunk = rows[i:i + ROWS_PER_INSERT]
            execute("INSERT INTO room_log (room, seq, entry) VALUES " + ", ".join(["(?, ?, ?)"] * len(chunk)),
                    tuple(v for row in chunk for v in row))
        rows.clear()
    for kind, room_id, seq, data in items:
        if kind != "save":
            rows.append((room_id, int(seq), data))
            continue
        insert()                    # keep the order: this room's earlier entries before its snapshot
        if not execute("UPDATE live_rooms SET snapshot = ?, updated = ? WHERE id = ?", (data, now, room_id)):
            execute("INSERT INTO live_rooms (id, snapshot, updated) VALUES (?, ?, ?)", (room_id, data, now))
        execute("DELETE FROM room_log WHERE room = ?", (room_id,))
    insert()


def delete_room(execute: Execute, room_id: str) -> None:
    """Drop the room's log and snapshot."""
    execute("DELETE FROM room_log WHERE room = ?", (room_id,))
    execute("DELETE FROM live_rooms WHERE id = ?", (room_id,))


PROBE_ROOM = "~store-probe~"      # not a room id (server/rooms.py ids are URL-safe base64)


def probe_write(execute: Execute) -> None:
    """A write that leaves nothing: one page-sized log row written, then removed, in the caller's transaction (the
    SQL store's ``probe_write``, server/store_outage.py ``StoreHealth``): it fails where a room's commit would."""
    execute("INSERT INTO room_log (room, seq, entry) VALUES (?, ?, ?)", (PROBE_ROOM, 0, bytes(4096)))
    execute("DELETE FROM room_log WHERE room = ?", (PROBE_ROOM,))
