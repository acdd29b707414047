"""The SQLite loop writer (server/store/loop_writer.py), used with ``synchronous=normal``: live-room writes commit on
the event loop's thread, at once when nothing is queued, queued jobs in one transaction; a failing job fails only
its caller;
while another connection holds SQLite's write lock the loop does not wait, the batch commits through the fallback
thread, in order; a checkpoint follows a commit; a finished game is recorded through the same writer, so the
rooms' commits meanwhile never find the lock taken. Costs are measured in bench/, not here."""
from __future__ import annotations

import asyncio
import sqlite3
import threading

import pytest
import sqlalchemy as sa

from server.settings import Settings
from server.store import open_store
from server.store.loop_writer import LoopWriter


def _engine(path, timeout):
    return lambda: sa.create_engine(f"sqlite+pysqlite:///{path}", poolclass=sa.pool.NullPool,
                                    connect_args={"timeout": timeout, "check_same_thread": False})


def _insert(conn, n):
    conn.execute(sa.text("INSERT INTO t (n) VALUES (:n)"), {"n": n})
    return threading.get_ident()


def _rows(path):
    with sqlite3.connect(path) as c:
        return [r[0] for r in c.execute("SELECT n FROM t ORDER BY rowid")]


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "w.db"
    with sqlite3.connect(path) as c:
        c.execute("PRAGMA journal_mode=WAL")
        c.execute("CREATE TABLE t (n INTEGER UNIQUE)")
    return path


def _checkpoint(path):
    def run():
        with sqlite3.connect(path) as c:
            c.execute("PRAGMA wal_checkpoint(PASSIVE)")
    return run


@pytest.fixture
async def writer(db):
    w = LoopWriter(_engine(db, 0), _engine(db, 30), _checkpoint(db), checkpoint_interval=60)
    await w.start()
    yield w
    await w.stop()


async def test_the_loop_writer_runs_its_jobs_on_the_event_loops_thread(writer, db):
    assert await writer.run(_insert, 1) == threading.get_ident()
    assert _rows(db) == [1]


async def test_a_write_with_nothing_queued_commits_without_yielding_to_the_loop(writer, db):
    turns = []
    asyncio.get_running_loop().call_soon(turns.append, 1)
    await writer.run(_insert, 1)
    assert turns == [] and _rows(db) == [1]


async def test_jobs_queued_while_a_reset_checkpoint_holds_the_writes_share_one_transaction(db):
    loop = asyncio.get_running_loop()
    calls, in_reset, release = [], loop.create_future(), threading.Event()

    def checkpoint():
        calls.append(1)
        if len(calls) == 2:                         # the second checkpoint is the reset: the writes are held
            loop.call_soon_threadsafe(lambda: in_reset.done() or in_reset.set_result(None))
            release.wait()
        with sqlite3.connect(db) as c:
            return c.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    w = LoopWriter(_engine(db, 0), _engine(db, 30), checkpoint, checkpoint_interval=0.01, reset_frames=0)
    await w.start()
    try:
        await w.run(_insert, 100)
        await asyncio.wait_for(in_reset, 30)
        before = w.transactions
        jobs = asyncio.gather(*(w.run(_insert, n) for n in range(5)))
        await asyncio.sleep(0)                      # one turn: the five are queued
        assert w.transactions == before
        release.set()
        await jobs
        assert w.transactions - before == 1
    finally:
        release.set()
        await w.stop()
    assert _rows(db) == [100, 0, 1, 2, 3, 4]


async def test_a_failing_job_fails_only_its_own_caller(writer, db):
    await writer.run(_insert, 7)
    got = await asyncio.gather(writer.run(_insert, 1), writer.run(_insert, 7), writer.run(_insert, 2),
                               return_exceptions=True)
    assert isinstance(got[1], sa.exc.IntegrityError)
    assert not isinstance(got[0], Exception) and not isinstance(got[2], Exception)
    assert _rows(db) == [7, 1, 2]


async def test_while_another_connection_holds_the_lock_the_batch_commits_in_order_through_the_fallback(writer, db):
    other = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")                # holds SQLite's write lock
    first = asyncio.gather(writer.run(_insert, 1), writer.run(_insert, 2))
    await asyncio.sleep(0)                          # one turn: the loop tried, found the lock, handed over
    await asyncio.sleep(0)
    later = asyncio.ensure_future(writer.run(_insert, 3))
    assert not first.done() and not later.done()    # the loop went on: this coroutine runs while the lock is held
    other.execute("COMMIT")
    other.close()
    threads = await first
    await later
    assert all(t != threading.get_ident() for t in threads)
    assert _rows(db) == [1, 2, 3]


async def test_a_commit_is_followed_by_a_checkpoint_in_a_worker_thread(db):
    loop = asyncio.get_running_loop()
    ran = loop.create_future()

    def checkpoint():
        _checkpoint(db)()
        me = threading.get_ident()
        loop.call_soon_threadsafe(lambda: ran.done() or ran.set_result(me))
    w = LoopWriter(_engine(db, 0), _engine(db, 30), checkpoint, checkpoint_interval=0.01)
    await w.start()
    try:
        await w.run(_insert, 1)
        assert await asyncio.wait_for(ran, 30) != threading.get_ident()
    finally:
        await w.stop()
    with sqlite3.connect(db) as c:                  # every frame of the WAL is in the database now
        busy, frames, done = c.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    assert busy == 0 and frames == done


async def test_a_checkpoint_that_leaves_frames_is_followed_by_one_with_writes_held_that_restarts_the_wal(db):
    loop = asyncio.get_running_loop()
    calls, reset, written = [], loop.create_future(), threading.Event()

    def checkpoint():
        written.wait()                              # the first checkpoint sees all 20 transactions
        with sqlite3.connect(db) as c:
            result = c.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        calls.append(result)
        if len(calls) == 2:
            loop.call_soon_threadsafe(lambda: reset.done() or reset.set_result(None))
        return result
    w = LoopWriter(_engine(db, 0), _engine(db, 30), checkpoint, checkpoint_interval=0.01, reset_frames=1)
    await w.start()
    try:
        for n in range(20):
            await w.run(_insert, n)
        written.set()
        await asyncio.wait_for(reset, 30)
        await w.run(_insert, 100)                   # held until the reset is over; it starts the WAL again
        assert w.resets >= 1
        with sqlite3.connect(db) as c:
            _, frames, _ = c.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        assert calls[0][1] >= 20 and frames < calls[0][1]
    finally:
        await w.stop()
    assert _rows(db) == list(range(20)) + [100]


async def test_stopping_the_loop_writer_commits_what_was_submitted(db):
    w = LoopWriter(_engine(db, 0), _engine(db, 30), _checkpoint(db), checkpoint_interval=60)
    await w.start()
    pending = [asyncio.ensure_future(w.run(_insert, n)) for n in range(3)]
    await asyncio.sleep(0)
    await w.stop()
    await asyncio.gather(*pending)
    assert _rows(db) == [0, 1, 2]


async def test_a_stopped_loop_writer_refuses_jobs(db):
    w = LoopWriter(_engine(db, 0), _engine(db, 30), _checkpoint(db), checkpoint_interval=60)
    await w.start()
    await w.stop()
    with pytest.raises(RuntimeError):
        await w.run(_insert, 1)


@pytest.mark.parametrize("level, on_loop", [("normal", True), ("full", False)])
async def test_the_store_commits_live_rooms_on_the_loop_only_with_synchronous_normal(tmp_path, level, on_loop):
    store = open_store(Settings(data_dir=str(tmp_path), sqlite_synchronous=level))
    await store.start()
    try:
        assert isinstance(store._writer, LoopWriter) and store._writer.on_loop is on_loop
        await store.save_room("r1", b"snap")
        assert (await store.load_room("r1")) == (b"snap", [])
    finally:
        await store.close()


@pytest.mark.parametrize("level, automatic", [("normal", 0), ("full", 1000)])
async def test_the_fallback_thread_checkpoints_by_itself_only_when_no_checkpoint_task_runs(tmp_path, level, automatic):
    store = open_store(Settings(data_dir=str(tmp_path), sqlite_synchronous=level))
    await store.start()
    engine = store._writer._fallback._make_engine()          # the engine the fallback thread opens
    try:
        with engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == automatic
    finally:
        engine.dispose()
        await store.close()


async def test_recording_a_finished_game_while_rooms_commit_sends_no_commit_to_the_fallback_thread(tmp_path):
    store = open_store(Settings(data_dir=str(tmp_path)))
    await store.start()
    recorded = asyncio.Event()

    async def rooms_commit() -> None:                  # a room's log entry on every turn of the loop meanwhile
        seq = 0
        while not recorded.is_set():
            seq += 1
            await store.append_room_log("r1", seq, b"entry")
            await asyncio.sleep(0)

    async def record() -> None:
        await store.record_game({"id": "g1", "seed": 1, "decks": [["a"], ["b"]], "deck_names": ["A", "B"],
                                 "log": [[1, {"act": "pass"}]], "result": {"winner": 1, "reason": "concession"},
                                 "players": {"1": None, "2": None}, "bots": {}, "rated": False, "started": 1.0,
                                 "duration": 2.0, "version": 1})
        recorded.set()
    try:
        await store.save_room("r1", b"snap")
        await asyncio.gather(rooms_commit(), record())
        assert store._writer._fallback.transactions == 0
        assert (await store.get_game("g1"))["version"] == 1
    finally:
        await store.close()
