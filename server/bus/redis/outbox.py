"""Frames for one other process, published in order and retried while nobody receives them.

Pub/sub is at-most-once: a frame published while the receiving process is re-subscribing (its pub/sub connection
was killed, Redis restarted) reaches nobody, and ``SPUBLISH`` says so (0 receivers). The owner therefore keeps each
frame for a process in that process's :class:`Outbox` until it was received, or until it is ``OUTBOX_TTL`` seconds
old (then the process is presumed gone; its relays resync from the snapshot when they see the version gap). One task
per target process drains its outbox in order, many frames per pipelined round trip.
"""
from __future__ import annotations

import asyncio
import collections
import itertools
import logging
import time

import msgpack

from . import keys as K
from .link import ERRORS, RedisLink

log = logging.getLogger("server.bus.redis")
OUTBOX_TTL = 3.0         # s a frame is retried while its process receives nothing
OUTBOX_MAX = 4096        # frames kept per process (the oldest are dropped beyond)
BATCH = 256              # frames per pipelined round trip
IDLE_END = 60.0          # s without frames after which the outbox of a process ends


class Outbox:
    """The ordered, retried frames for process ``pid``; ``on_end()`` runs when the outbox ends (idle)."""

    def __init__(self, link: RedisLink, pid: str, on_end) -> None:
        self.link, self.pid, self.on_end = link, pid, on_end
        self.channel = K.proc(pid)
        self.queue: collections.deque = collections.deque()
        self.wake = asyncio.Event()
        self.dropped = 0
        self.task = asyncio.get_running_loop().create_task(self._run(), name=f"outbox-{pid}")

    def put(self, msg: dict) -> None:
        """Queue one frame message (never blocks); beyond ``OUTBOX_MAX`` the oldest is dropped."""
        self.queue.append((time.monotonic(), msgpack.packb(msg, use_bin_type=True)))
        if len(self.queue) > OUTBOX_MAX:
            self.queue.popleft()
            self._lost()
        self.wake.set()

    def _lost(self) -> None:
        self.dropped += 1
        self.link.stats["frames_lost"] += 1

    async def _run(self) -> None:
        try:
            while True:
                try:      # asyncio.timeout, not wait_for: Python 3.11's wait_for swallows a cancellation that
                    # comes as the event is set, and the process's shutdown then waited for this task (IDLE_END s)
                    async with asyncio.timeout(IDLE_END):
                        await self.wake.wait()
                except (asyncio.TimeoutError, TimeoutError):
                    if not self.queue:
                        return
                self.wake.clear()
                await self._drain()
        finally:
            self.on_end(self)

    async def _drain(self) -> None:
        pause = 0.02
        while self.queue:
            batch = [data for _, data in itertools.islice(self.queue, BATCH)]
            try:
                async with self.link.r.pipeline(transaction=False) as pipe:
                    for data in batch:
                        pipe.spublish(self.channel, data)
                    results = await pipe.execute(raise_on_error=False)
            except ERRORS as e:
                self.link.down(e)
                results = []
            done = 0
            for res in results:
                if isinstance(res, int) and res > 0:
                    done += 1
                else:
                    break
            for _ in range(done):
                self.queue.popleft()
            if done == len(batch):
                pause = 0.02
                continue
            now = time.monotonic()
            while self.queue and now - self.queue[0][0] > OUTBOX_TTL:
                self.queue.popleft()
                self._lost()
            if self.queue:
                await asyncio.sleep(pause)
                pause = min(pause * 2, 0.2)
