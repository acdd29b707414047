"""A SQLite commit in a thread while the main thread runs Python, by GIL switch interval (docs/performance.md
"The GIL switch interval").

``python -m bench.gil_commit [--commits 150] [--rounds 3] [--intervals 0.005,0.001,0.0005]``

The shape of the one-process server's live-room write (server/store/writer.py): a WAL file, ``synchronous=FULL``,
one transaction = BEGIN, one two-row INSERT of 1.75 KB log entries, COMMIT, in a thread of its own; meanwhile the
main thread runs pure Python without pause, as the event loop's thread does under load. Each blocking step of the
transaction releases the GIL, and the writer gets it back only when the main thread is asked to drop it, one switch
interval later. Prints the transaction's wall time (p50, mean, p99 in ms) per interval and round, alternating.
"""
from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import sys
import tempfile
import threading
import time


def _transaction(db: sqlite3.Connection, blob: bytes) -> float:
    t0 = time.perf_counter()
    db.execute("BEGIN")
    db.execute("INSERT INTO room_log VALUES (?, ?, ?), (?, ?, ?)", ("a", 1, blob, "b", 2, blob))
    db.execute("COMMIT")
    return time.perf_counter() - t0


def measure(commits: int, rounds: int, intervals: list[float]) -> dict[float, list[tuple[float, float, float]]]:
    """``{interval: [(p50, mean, p99) in ms, one per round]}``; the commits run in a thread, the main one spins."""
    path = os.path.join(tempfile.mkdtemp(prefix="bench-gil-"), "x.sqlite3")
    db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE room_log (room TEXT, seq INTEGER, entry BLOB)")
    blob = os.urandom(1750)
    out: dict[float, list] = {si: [] for si in intervals}
    before = sys.getswitchinterval()

    def writer(done: list) -> None:
        done.extend(_transaction(db, blob) for _ in range(commits))
    try:
        for _ in range(rounds):
            for si in intervals:
                sys.setswitchinterval(si)
                xs: list[float] = []
                t = threading.Thread(target=writer, args=(xs,))
                t.start()
                _spin_while(t)
                xs.sort()
                out[si].append((statistics.median(xs) * 1e3, statistics.mean(xs) * 1e3,
                                xs[int(0.99 * (len(xs) - 1))] * 1e3))
    finally:
        sys.setswitchinterval(before)
        db.close()
    return out


def _spin_while(t: threading.Thread) -> None:
    """Run Python in this thread until ``t`` ends (what the event loop's thread does under load)."""
    x = 0
    while t.is_alive():
        for i in range(1000):
            x += i * i


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.gil_commit")
    ap.add_argument("--commits", type=int, default=150)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--intervals", default="0.005,0.001,0.0005", help="comma-separated switch intervals (s)")
    args = ap.parse_args(argv)
    intervals = [float(x) for x in args.intervals.split(",")]
    print(f"load average at the start {os.getloadavg()}")
    for si, rows in measure(args.commits, args.rounds, intervals).items():
        print(f"switch interval {si * 1e3:g} ms: " + "; ".join(f"p50 {a:.2f} mean {b:.2f} p99 {c:.2f} ms"
                                                             for a, b, c in rows))
    print(f"load average at the end {os.getloadavg()}")


if __name__ == "__main__":
    main()
