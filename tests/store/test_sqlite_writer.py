"""The SQLite writer thread (server/store/writer.py): every live-room write of a SQLite file store runs in one thread
of its own, off the event loop; jobs queued while it writes are group-committed in one transaction; a failing job
fails only its own caller; stopping finishes what is queued. The cost per action is measured in bench/, not here."""
from __future__ import annotations

import asyncio
import threading

import pytest
import sqlalchemy as sa

from server.store.sql import SqlStore
from server.store.writer import SqliteWriter


def _engine(path):
    return lambda: sa.create_engine(f"sqlite+pysqlite:///{path}", poolclass=sa.pool.NullPool)


def _insert(conn, n):
    conn.execute(sa.text("INSERT INTO t (n) VALUES (:n)"), {"n": n})
    return threading.get_ident()


def _table(tmp_path):
    with sa.create_engine(f"sqlite:///{tmp_path}/w.db").begin() as c:
        c.execute(sa.text("CREATE TABLE t (n INTEGER UNIQUE)"))


@pytest.fixture
async def writer(tmp_path):
    _table(tmp_path)
    w = SqliteWriter(_engine(tmp_path / "w.db"))
    w.start()
    yield w
    w.stop()


def _rows(tmp_path):
    with sa.create_engine(f"sqlite:///{tmp_path}/w.db").connect() as c:
        return sorted(r.n for r in c.execute(sa.text("SELECT n FROM t")))


async def _queued_behind_a_held_job(writer, jobs):
    """Run ``jobs`` (fn, args) queued together while a first job holds the writer thread."""
    holding, gate = threading.Event(), threading.Event()

    def hold(conn):
        holding.set()
        gate.wait()
    first = asyncio.create_task(writer.run(hold))
    await asyncio.to_thread(holding.wait)
    tasks = [asyncio.create_task(writer.run(fn, *args)) for fn, args in jobs]

    async def open_gate():              # runs after every task above has queued its job (tasks start in order)
        gate.set()
    await asyncio.create_task(open_gate())
    await first
    return await asyncio.gather(*tasks, return_exceptions=True)


async def test_the_writer_runs_its_jobs_in_its_own_thread_not_on_the_event_loop(writer, tmp_path):
    assert await writer.run(_insert, 1) != threading.get_ident()
    assert _rows(tmp_path) == [1]


async def test_jobs_queued_while_the_writer_is_busy_share_one_transaction(writer, tmp_path):
    before = writer.transactions
    await _queued_behind_a_held_job(writer, [(_insert, (n,)) for n in range(5)])
    assert writer.transactions - before == 2            # the held job's, then one for the five
    assert _rows(tmp_path) == [0, 1, 2, 3, 4]


async def test_jobs_submitted_in_one_turn_of_the_loop_reach_the_thread_in_one_hand_over(writer, tmp_path):
    before = writer.hand_overs, writer.transactions
    await asyncio.gather(*(writer.run(_insert, n) for n in range(5)))     # all five submitted in one turn
    assert (writer.hand_overs - before[0], writer.transactions - before[1]) == (1, 1)
    assert _rows(tmp_path) == [0, 1, 2, 3, 4]


async def test_a_failing_job_in_a_group_commit_fails_only_its_own_caller(writer, tmp_path):
    await writer.run(_insert, 7)
    got = await _queued_behind_a_held_job(writer, [(_insert, (1,)), (_insert, (7,)), (_insert, (2,))])
    assert not isinstance(got[0], Exception) and not isinstance(got[2], Exception)
    assert isinstance(got[1], sa.exc.IntegrityError)
    assert _rows(tmp_path) == [1, 2, 7]


async def test_stopping_the_writer_finishes_the_jobs_queued_before(tmp_path):
    _table(tmp_path)
    w = SqliteWriter(_engine(tmp_path / "w.db"))
    w.start()
    tasks = [asyncio.create_task(w.run(_insert, n)) for n in range(3)]
    await asyncio.create_task(asyncio.to_thread(w.stop))       # queued after the three jobs
    await asyncio.gather(*tasks)
    assert _rows(tmp_path) == [0, 1, 2]


async def test_a_sqlite_file_store_writes_live_rooms_through_its_live_room_writer(tmp_path):
    store = SqlStore(f"sqlite+aiosqlite:///{tmp_path}/berserk.sqlite3")
    await store.start()
    try:
        before = store.live_transactions
        await store.write_rooms([("save", "r", 0, b"s"), ("append", "r", 1, b"e")])
        await store.delete_room("r")
        after = store.live_transactions
        assert (after[0] - before[0], after[1] - before[1]) == (2, 2)
        assert await store.load_room("r") is None
    finally:
        await store.close()


async def test_an_in_memory_store_writes_live_rooms_through_its_engine_writer():
    store = SqlStore("sqlite+aiosqlite://")
    await store.start()
    try:
        await store.write_rooms([("save", "r", 0, b"s"), ("append", "r", 1, b"e")])
        assert store.live_transactions == (1, 1)
        assert await store.load_room("r") == (b"s", [b"e"])
    finally:
        await store.close()
