"""``python -m bench.commit_waits_server [server flags]``: ``python -m server`` with timers around what a commit may
wait on, for bench/commit_waits.py (never used in production). Every 0.5 s it writes to the JSON file named by
``$COMMIT_WAITS_OUT`` each timer's samples since the start (seconds, or bytes for ``*_bytes``):

``commit`` (Persistence.commit, wall) and ``commit_free|queued|held`` (the SQLite loop writer idle, queueing, or
holding writes for a reset checkpoint when the commit began), ``write_on_loop`` (one SQLite transaction on the event
loop) split into ``write_during_cp`` / ``write_no_cp`` (a checkpoint running in its thread or not), ``checkpoint``
(one PASSIVE checkpoint) with ``checkpoint_wal_frames``, ``reset_hold`` (a checkpoint with the writes held),
``redis_append`` / ``redis_save`` (one fenced script round trip), ``entry_bytes`` / ``snapshot_bytes`` (what a
commit wrote), ``enc_<Message>`` / ``encb_<Message>`` (encode time and bytes by frame type).
"""
from __future__ import annotations

import collections
import json
import os
import sys
import threading
import time

SAMPLES: dict[str, list[float]] = collections.defaultdict(list)
CHECKPOINTS = [0]           # checkpoints running now


def add(name: str, x: float) -> None:
    if len(SAMPLES[name]) < 200_000:
        SAMPLES[name].append(x)


def _dump(path: str) -> None:
    while True:
        time.sleep(0.5)
        with open(path + ".tmp", "w") as fh:
            json.dump({k: list(v) for k, v in list(SAMPLES.items())}, fh)
        os.replace(path + ".tmp", path)


def _timed_async(owner, name: str, label: str, measure=None) -> None:
    f = getattr(owner, name)

    async def timed(self, *a, **k):
        tag = measure(self) if measure else None
        t = time.perf_counter()
        r = await f(self, *a, **k)
        add(label, time.perf_counter() - t)
        if tag:
            add(f"{label}_{tag}", time.perf_counter() - t)
        return r
    setattr(owner, name, timed)


def _writer_state(persistence) -> str:
    w = getattr(getattr(persistence.room.bus.store, "store", None), "_writer", None)
    if w is None or not hasattr(w, "_held"):
        return ""
    return "held" if w._held else ("queued" if w._flushing else "free")


def patch() -> None:
    """Wrap the commit path's functions with the timers (module docstring)."""
    from server.room.persistence import Persistence
    from server.store import loop_writer as lw
    import protocol.codec as codec
    from server import wire
    from server.room import broadcast, room
    _timed_async(Persistence, "commit", "commit", _writer_state)
    for name, label in (("snapshot", "snapshot_bytes"), ("log_entry", "entry_bytes")):
        f = getattr(Persistence, name)
        setattr(Persistence, name, lambda self, f=f, label=label: (lambda b: (add(label, len(b)), b)[1])(f(self)))
    cp = lw.LoopWriter.checkpoint_now

    async def checkpoint_now(self):
        t = time.perf_counter()
        CHECKPOINTS[0] += 1
        try:
            r = await cp(self)
        finally:
            CHECKPOINTS[0] -= 1
        add("checkpoint", time.perf_counter() - t)
        if r:
            add("checkpoint_wal_frames", r[1])
        return r
    lw.LoopWriter.checkpoint_now = checkpoint_now
    _timed_async(lw.LoopWriter, "_reset", "reset_hold")
    write = lw.LoopWriter._write

    def _write(self, batch):
        during = CHECKPOINTS[0] > 0
        t = time.perf_counter()
        r = write(self, batch)
        dt = time.perf_counter() - t
        add("write_on_loop", dt)
        add("write_during_cp" if during else "write_no_cp", dt)
        return r
    lw.LoopWriter._write = _write
    encode = codec.encode

    def timed_encode(msg):
        t = time.perf_counter()
        b = encode(msg)
        add("enc_" + type(msg).__name__, time.perf_counter() - t)
        add("encb_" + type(msg).__name__, len(b))
        return b
    wire.encode = timed_encode
    broadcast.wire = room.wire = wire
    try:
        from server.bus.redis.store import RedisRoomStore
        _timed_async(RedisRoomStore, "append", "redis_append")
        _timed_async(RedisRoomStore, "save", "redis_save")
    except ImportError:
        pass


if __name__ == "__main__":
    patch()
    threading.Thread(target=_dump, args=(os.environ["COMMIT_WAITS_OUT"],), daemon=True).start()
    from server.__main__ import main
    main(sys.argv[1:])
