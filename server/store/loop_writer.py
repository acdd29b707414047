"""``LoopWriter``: the one writer of a SQLite file store's live-room tables. With ``synchronous=NORMAL`` (the
default, ``on_loop``) it commits on the event loop itself, group-committed once per turn of the loop, with a
background checkpoint that bounds what a power loss can take (docs/performance.md "What limits them"). With
``synchronous=FULL`` (``on_loop=False``: each commit fsyncs, which must not block the loop) every batch goes to its
writer thread (server/store/writer.py ``SqliteWriter``), which group-commits it: one fsync for every room that
committed while the previous transaction was being written.

Why: with ``synchronous=NORMAL`` a WAL commit is a ``write()`` into the OS page cache, no fsync: 8-9 us at p50 and
44-91 us at p99 on this machine (``synchronous=FULL``: 4 ms at p50, its fsync). Handing such a commit to a thread
(server/store/writer.py) costs far more than the commit: a thread wake-up, GIL switches at each blocking step, then a
turn of the busy event loop to resume the room. Here a write is committed at once, on the loop's thread, without
yielding: waiting for the next turn of the loop to group-commit the rooms of one turn (measured too) made a room
wait behind every other room that was ready in that turn, up to 10 ms under 500 rooms, for a saving of a few
microseconds per transaction. Jobs queue (and the queue is group-committed, one transaction per turn of the loop)
only while a checkpoint holds the writes or a batch is with the fallback thread.

What survives what: a committed transaction is in the WAL file (the page cache), so it survives ``kill -9`` or any
crash of the process (tests/server/test_restart_resume.py). Against an OS crash or a power loss, a checkpoint
(``PRAGMA wal_checkpoint(PASSIVE)``, which fsyncs the WAL, then the database) runs in a worker thread at most
``checkpoint_interval`` seconds after a commit, on its own connection, without blocking writers: what such a failure
can take is the transactions of the last ``checkpoint_interval`` seconds (1 s by default, as Redis's
``appendfsync everysec``). The loop's connection has automatic checkpoints off (they would fsync on the loop).

A PASSIVE checkpoint copies the WAL into the database while the loop keeps appending to it, but SQLite starts the
WAL again from its beginning only when a write finds every frame copied, which under steady play never happens:
the file would grow without bound. So once a checkpoint leaves ``reset_frames`` or more frames in the WAL, a second
one runs with the loop's writes held (queued, not refused): it copies only what was written during the first, and
the next write starts the WAL again. Every commit meanwhile waits for that checkpoint, whose two fsyncs take a few
milliseconds on an idle disk and hundreds on a busy one, so the store resets rarely (server/store/sql.py
``RESET_FRAMES``: a WAL of about 24 MiB).

The loop never waits on SQLite's lock: its connection has no busy timeout. When another connection of the store
holds the write lock (a finished game being recorded), the batch goes to a :class:`SqliteWriter` thread that waits
for the lock, and later batches wait behind it, so the writes still commit in submission order.
"""
from __future__ import annotations

import asyncio
import sqlite3
from typing import Any, Callable

import sqlalchemy as sa

from .writer import SqliteWriter, settle


def _locked(error: BaseException) -> bool:
    """Whether ``error`` (raw sqlite3 or wrapped by SQLAlchemy) is SQLite's "database is locked" / busy."""
    orig = getattr(error, "orig", error)
    return isinstance(orig, sqlite3.OperationalError) and ("locked" in str(orig) or "busy" in str(orig))


class LoopWriter:
    """Runs ``fn(conn, *args)`` jobs (``conn``: a SQLAlchemy sync ``Connection``) on the event loop's thread, in
    submission order: each at once in a transaction of its own, or, while jobs queue (below), the queue in one
    transaction per turn of the loop; when that transaction fails, each of its jobs is retried in a transaction of
    its own, so a failing job fails only its caller.

    ``make_engine()`` builds the loop's engine (no busy timeout: SQLite answers "locked" at once);
    ``make_fallback_engine()`` the engine of the :class:`SqliteWriter` that takes a batch while another connection
    holds the write lock; ``checkpoint()`` the blocking PASSIVE checkpoint (returns SQLite's ``(busy, frames in
    the WAL, frames copied)``), run in a worker thread at most ``checkpoint_interval`` seconds (> 0) after a commit,
    and again with the writes held when it left ``reset_frames`` or more frames in the WAL (module docstring).
    ``transactions``/``jobs``: committed so far (fallback included); ``checkpoints``: checkpoints run;
    ``resets``: of them, those run with the writes held. ``on_loop=False`` (``synchronous=FULL``): nothing is
    written on the loop; every batch goes through the thread, and no checkpoint task runs (the thread's connection
    checkpoints automatically). Raises ValueError for an interval that is not positive. Same interface as
    :class:`SqliteWriter`, but :meth:`start` and :meth:`stop` are coroutines of the serving loop."""

    def __init__(self, make_engine: Callable[[], sa.Engine], make_fallback_engine: Callable[[], sa.Engine],
                 checkpoint: Callable[[], Any], checkpoint_interval: float = 1.0, reset_frames: int = 1000,
                 on_loop: bool = True) -> None:
        if not checkpoint_interval > 0:
            raise ValueError("checkpoint_interval must be > 0 seconds")
        self.on_loop = on_loop
        self._make_engine, self._checkpoint = make_engine, checkpoint
        self.checkpoint_interval, self.reset_frames = checkpoint_interval, reset_frames
        self._held = False                       # a checkpoint that resets the WAL runs: flushes wait
        self._fallback = SqliteWriter(make_fallback_engine, name="sqlite-writer-fallback")
        self._engine: sa.Engine | None = None
        self._conn: sa.Connection | None = None
        self._pending: list = []                 # (future, fn, args) submitted since the last flush
        self._flushing = False                   # a flush is scheduled, or a batch is with the fallback thread
        self._stopped_flushing = asyncio.Event()
        self._dirty = asyncio.Event()            # a transaction committed since the last checkpoint began
        self._checkpointer: asyncio.Task | None = None
        self.transactions = self.jobs = self.checkpoints = self.resets = 0

    async def start(self) -> None:
        """Open the loop's connection and the fallback thread, start the checkpoint task; raises what opening
        either raised."""
        self._engine = self._make_engine()
        self._conn = self._engine.connect()
        await asyncio.to_thread(self._fallback.start)
        if self.on_loop:
            self._checkpointer = asyncio.get_running_loop().create_task(self._checkpoints(), name="sqlite-checkpoint")

    async def run(self, fn: Callable[..., Any], *args) -> Any:
        """``fn(conn, *args)`` in a transaction: its result once that transaction is committed, or what it (or its
        own retried transaction) raised. With nothing queued it is written at once, on the loop, without yielding
        to other tasks; while a reset checkpoint holds the writes or a batch is with the fallback thread (or
        SQLite's lock is held elsewhere), it is queued behind them and committed with the next batch.
        RuntimeError once stopped."""
        if self._conn is None:
            raise RuntimeError("the SQLite writer is stopped")
        if self.on_loop and not self._flushing and not self._held:
            done = self._write([(None, fn, args)])
            if done:
                result, error = done[0]
                if error is not None:
                    raise error
                return result
        fut = asyncio.get_running_loop().create_future()
        self._pending.append((fut, fn, args))
        if not self._flushing:
            self._flushing = True
            self._stopped_flushing.clear()
            asyncio.get_running_loop().call_soon(self._flush)
        return await fut

    def _flush(self) -> None:
        """Write what was submitted since the last flush (called by the loop, one turn after the first job)."""
        if self._held:
            return                               # still flushing: released by _checkpoints, which flushes then
        batch, self._pending = self._pending, []
        if not batch or self._conn is None:
            self._idle()
            return
        outcomes = self._write(batch) if self.on_loop else []
        self._settle(batch, outcomes)
        if len(outcomes) < len(batch):           # SQLite's lock is held elsewhere: the rest goes to the thread
            asyncio.get_running_loop().create_task(self._via_fallback(batch[len(outcomes):]))
            return                               # still flushing: later jobs wait behind this batch
        self._next()

    def _next(self) -> None:
        """Schedule the next flush for jobs submitted meanwhile, or become idle."""
        if self._pending:
            asyncio.get_running_loop().call_soon(self._flush)
        else:
            self._idle()

    def _idle(self) -> None:
        self._flushing = False
        self._stopped_flushing.set()

    def _write(self, batch: list) -> list:
        """One transaction for the batch, else one per job: ``[(result, error or None)]`` for the jobs written, in
        order; shorter than ``batch`` when SQLite answered "locked" (nothing of the jobs left out was committed)."""
        conn = self._conn
        if len(batch) > 1:
            try:
                with conn.begin():
                    results = [fn(conn, *args) for _, fn, args in batch]
                self._committed(len(batch))
                return [(r, None) for r in results]
            except Exception:
                pass                             # below, job by job: locked, or which job failed
        outcomes: list = []
        for _, fn, args in batch:
            try:
                with conn.begin():
                    result = fn(conn, *args)
            except Exception as e:
                if _locked(e):
                    break
                outcomes.append((None, e))
                continue
            self._committed(1)
            outcomes.append((result, None))
        return outcomes

    def _committed(self, jobs: int) -> None:
        self.transactions += 1
        self.jobs += jobs
        self._dirty.set()

    async def _via_fallback(self, batch: list) -> None:
        """The batch through the fallback thread (which waits for the lock), then whatever queued behind it."""
        before = self._fallback.transactions
        done = await asyncio.gather(*(self._fallback.run(fn, *args) for _, fn, args in batch),
                                    return_exceptions=True)
        self.transactions += self._fallback.transactions - before   # the thread group-commits the batch
        self.jobs += sum(1 for r in done if not isinstance(r, BaseException))
        self._dirty.set()
        self._settle(batch, [(None, r) if isinstance(r, BaseException) else (r, None) for r in done])
        self._next()

    @staticmethod
    def _settle(batch: list, outcomes: list) -> None:
        settle([(fut, outcome) for (fut, _, _), outcome in zip(batch, outcomes)])

    async def _checkpoints(self) -> None:
        """At most ``checkpoint_interval`` s after a commit, one PASSIVE checkpoint in a worker thread."""
        while True:
            await self._dirty.wait()
            await asyncio.sleep(self.checkpoint_interval)
            self._dirty.clear()
            result = await self.checkpoint_now()
            if result and result[1] >= self.reset_frames:
                await self._reset()

    async def _reset(self) -> None:
        """A checkpoint with the loop's writes held, so that the next write starts the WAL again."""
        self._held = True
        try:
            await self.checkpoint_now()
            self.resets += 1
        finally:
            self._held = False
            if self._flushing:
                asyncio.get_running_loop().call_soon(self._flush)

    async def checkpoint_now(self) -> Any:
        """One PASSIVE checkpoint (fsync of the WAL and of the database) in a worker thread; returns when done,
        with what ``checkpoint()`` returned."""
        result = await asyncio.to_thread(self._checkpoint)
        self.checkpoints += 1
        return result

    async def stop(self) -> None:
        """Write what is pending, checkpoint once, close the connection and the fallback thread."""
        while self._flushing:
            await self._stopped_flushing.wait()
        if self._checkpointer is not None:
            self._checkpointer.cancel()
            try:
                await self._checkpointer
            except asyncio.CancelledError:
                pass
            self._checkpointer = None
        if self._conn is not None:
            await self.checkpoint_now()
            self._conn.close()
            self._conn = None
            self._engine.dispose()
        await asyncio.to_thread(self._fallback.stop)
