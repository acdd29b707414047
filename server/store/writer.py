"""The live-room writers' executors: ``SqliteWriter``, a thread owning one synchronous SQLite connection that runs,
and group-commits, the batches its :class:`server.store.loop_writer.LoopWriter` hands it (with ``synchronous=FULL``,
and while another connection holds SQLite's lock); ``EngineWriter``, the group commit on an async engine
(PostgreSQL, an in-memory SQLite database).

Why a thread of its own for SQLite (docs/performance.md "The GIL switch interval"): through SQLAlchemy's async
engine on aiosqlite, one group-commit transaction was 5-6 sequential round trips between the event loop and the
connection's thread, each waiting for a turn of the busy event loop. Here the whole transaction (BEGIN, one
multi-row INSERT, COMMIT with its fsync, any automatic WAL checkpoint) runs in this thread, the next transaction
starts as soon as one is durable, and the loop is woken once per transaction. The jobs one event loop submits in
one turn are handed to the thread together, at the end of the turn, with one wake-up of the thread.
"""
from __future__ import annotations

import asyncio
import queue
import threading
from typing import Any, Callable

import sqlalchemy as sa


class SqliteWriter:
    """Runs ``fn(conn, *args)`` jobs on its own connection (``conn``: a SQLAlchemy sync ``Connection``), in its own
    thread, in submission order, and group-commits them: every job queued while a transaction was being written goes
    into the next transaction (one fsync for all of them); when such a transaction fails, each of its jobs is retried
    in a transaction of its own, so a failing job fails only its own caller. ``make_engine`` builds the sync engine
    (called in the thread; pragmas are the engine's business). ``transactions``/``jobs``: committed so far;
    ``hand_overs``: batches of jobs handed to the thread so far (one per turn of a loop that submitted any)."""

    def __init__(self, make_engine: Callable[[], sa.Engine], name: str = "sqlite-writer") -> None:
        self._make_engine = make_engine
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()      # lists of jobs, None to stop
        self._pending: dict = {}        # event loop -> its jobs of this turn, not handed to the thread yet
        self._lock = threading.Lock()   # guards _pending (stop() runs in another thread than the loops)
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self.transactions = 0
        self.jobs = 0
        self.hand_overs = 0

    def start(self) -> None:
        """Start the thread and open its connection (blocks until then); raises what opening it raised."""
        self._thread.start()
        self._ready.wait()
        if self._error is not None:
            raise self._error

    async def run(self, fn: Callable[..., Any], *args) -> Any:
        """``fn(conn, *args)`` inside a transaction of the writer thread: its result once that transaction is
        committed (durable), or what it (or its own retried transaction) raised. A cancelled caller does not
        cancel a job already queued. The job reaches the thread at the end of the loop's turn, with every other job
        submitted in that turn (:meth:`_hand_over`). Raises RuntimeError once the writer is stopped."""
        if not self._thread.is_alive():
            raise RuntimeError("the SQLite writer is stopped")
        loop = asyncio.get_running_loop()
        fut = loop.create_future()
        with self._lock:
            batch = self._pending.get(loop)
            if batch is None:
                batch = self._pending[loop] = []
                loop.call_soon(self._hand_over, loop)
            batch.append((loop, fut, fn, args))
        return await fut

    def _hand_over(self, loop) -> None:
        """Give the thread ``loop``'s jobs of the turn that just ended, in submission order (one wake-up)."""
        with self._lock:
            batch = self._pending.pop(loop, None)
            if batch:
                self.hand_overs += 1
                self._jobs.put(batch)

    def stop(self) -> None:
        """Finish the queued jobs, close the connection and end the thread (blocks until then)."""
        if self._thread.is_alive():
            with self._lock:                # jobs not handed over yet go first
                for batch in self._pending.values():
                    self._jobs.put(batch)
                self._pending.clear()
                self._jobs.put(None)
            self._thread.join()

    def _run(self) -> None:
        try:
            engine = self._make_engine()
            conn = engine.connect()
        except BaseException as e:      # reported by start()
            self._error = e
            self._ready.set()
            return
        self._ready.set()
        try:
            stopping = False
            while not stopping:
                batch: list = []
                item = self._jobs.get()
                while True:             # every job queued meanwhile joins this transaction
                    if item is None:
                        stopping = True
                    else:
                        batch.extend(item)
                    try:
                        item = self._jobs.get_nowait()
                    except queue.Empty:
                        break
                if batch:
                    self._write(conn, batch)
        finally:
            conn.close()
            engine.dispose()

    def _write(self, conn: sa.Connection, batch: list) -> None:
        """One transaction for the whole batch, else one per job; then one wake-up per loop settles them all."""
        outcomes = None
        if len(batch) > 1:
            try:
                with conn.begin():
                    results = [fn(conn, *args) for _, _, fn, args in batch]
                outcomes = [(r, None) for r in results]
                self.transactions += 1
            except BaseException:
                outcomes = None
        if outcomes is None:
            outcomes = []
            for _, _, fn, args in batch:
                try:
                    with conn.begin():
                        outcomes.append((fn(conn, *args), None))
                    self.transactions += 1
                except BaseException as e:
                    outcomes.append((None, e))
        self.jobs += len(batch)
        by_loop: dict = {}
        for (loop, fut, _, _), outcome in zip(batch, outcomes):
            by_loop.setdefault(loop, []).append((fut, outcome))
        for loop, settled in by_loop.items():
            try:
                loop.call_soon_threadsafe(settle, settled)
            except RuntimeError:        # that loop is closed: nobody waits for these jobs any more
                pass


class EngineWriter:
    """Runs ``fn(conn, *args)`` jobs (``conn``: a SQLAlchemy sync ``Connection`` through ``run_sync``) on an async
    engine (PostgreSQL, or an in-memory SQLite database), group-committed: every job submitted while a transaction is
    being written goes into the next transaction (one commit for every room that committed meanwhile); when such a
    transaction fails, each of its jobs is retried in a transaction of its own, so a failing job fails only its own
    caller. ``transactions``/``jobs``: committed so far. Same interface as :class:`SqliteWriter`, with coroutines
    :meth:`start` and :meth:`stop`."""

    def __init__(self, engine) -> None:
        self.engine = engine
        self._pending: list = []            # (future, fn, args) submitted since the last transaction began
        self._flusher: asyncio.Task | None = None
        self.transactions = 0
        self.jobs = 0

    async def start(self) -> None:
        """Nothing to open: the jobs use the engine's pool."""

    async def run(self, fn: Callable[..., Any], *args) -> Any:
        """``fn(conn, *args)`` in a transaction: its result once committed, or what it (or its own retried
        transaction) raised."""
        loop = asyncio.get_running_loop()
        fut = loop.create_future()
        self._pending.append((fut, fn, args))
        if self._flusher is None or self._flusher.done():
            self._flusher = loop.create_task(self._flush())
        return await fut

    async def _flush(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            outcomes = None
            if len(batch) > 1:
                try:
                    outcomes = [(r, None) for r in await self._transaction(batch)]
                except Exception:
                    outcomes = None             # below, job by job: which job failed
            if outcomes is None:
                outcomes = []
                for job in batch:
                    try:
                        outcomes.append(((await self._transaction([job]))[0], None))
                    except Exception as e:
                        outcomes.append((None, e))
            self.jobs += len(batch)
            settle([(fut, outcome) for (fut, _, _), outcome in zip(batch, outcomes)])

    async def _transaction(self, batch: list) -> list:
        async with self.engine.begin() as conn:
            results = await conn.run_sync(lambda sync: [fn(sync, *args) for _, fn, args in batch])
        self.transactions += 1
        return results

    async def stop(self) -> None:
        """Write what is pending."""
        if self._flusher is not None:
            await asyncio.gather(self._flusher, return_exceptions=True)


def settle(settled: list) -> None:
    """Answer each waiting job: ``settled`` = ``[(future, (result, error or None))]``; a future already done (its
    waiter gave up) is left alone. Runs on the futures' event loop."""
    for fut, (result, error) in settled:
        if fut.done():
            continue
        if error is None:
            fut.set_result(result)
        else:
            fut.set_exception(error)
