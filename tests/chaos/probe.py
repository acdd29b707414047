"""The chaos suite's client and figures.

:class:`Prober` plays like the browser client (server/static/js/conn.js): one action pending at a time, sent again
with the same id and version after every sync, a resync asked for on a version gap, a reconnect (to the next
process of its list) after any drop. It counts what the suite reports: actions sent, answered, lost (never
answered), the error codes received, syncs beyond the first, reconnects.

:func:`record` keeps each scenario's figures; tests/chaos/conftest.py prints them at the end of the run (they are
also copied into docs/reliability.md by hand after a run).
"""
from __future__ import annotations

import asyncio
import collections
import itertools
import random
import time

import msgpack
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from protocol import apply

FIGURES: list[tuple[str, dict]] = []
_ids = itertools.count(1)


def record(scenario: str, **figures) -> None:
    """Keep one scenario's figures for the end-of-run summary (and print them: visible with ``-s`` / ``-rP``)."""
    FIGURES.append((scenario, figures))
    print(f"[chaos] {scenario}: " + ", ".join(f"{k} {v}" for k, v in figures.items()))


class Prober:
    """A reconnecting player (``token``) or spectator (None) of ``room``; ``urls``: websocket URLs to try in
    order; ``pace``: seconds between its actions; ``seed``: its random policy."""

    def __init__(self, urls: list[str], room: str, token: str | None, seed: int = 0, pace: float = 0.5) -> None:
        self.urls, self.room, self.token, self.pace = urls, room, token, pace
        self.rng = random.Random(seed)
        self.ws = None
        self.v: int | None = None
        self.view = self.legal = self.result = None
        self.pending: dict | None = None
        self.sent = self.answered = self.syncs = self.reconnects = self.resyncs_asked = 0
        self.codes: collections.Counter = collections.Counter()
        self.acked: list[tuple[int, dict]] = []
        self.actions: dict[str, dict] = {}
        self.seen_at: list[tuple[float, int]] = []      # (monotonic time, version) of every frame moving v
        self.close_codes: list[int | None] = []
        self.stopping = False
        self.crash: str | None = None        # what ended the client's loop unexpectedly (None: nothing)
        self.task: asyncio.Task | None = None

    async def start(self) -> "Prober":
        await self._join()
        self.task = asyncio.get_running_loop().create_task(self._run())
        return self

    async def _join(self, deadline: float = 30.0) -> None:
        end = time.monotonic() + deadline
        while True:
            for url in self.urls:
                try:
                    self.ws = await connect(url, max_size=8 * 2**20, compression=None, open_timeout=5)
                    await self._send({"t": "join", "room": self.room, "token": self.token, "v": self.v, "pv": 1})
                    while True:
                        f = await self._recv(5.0)
                        if f["t"] == "sync":
                            return
                        if f["t"] == "error":
                            break
                except (OSError, ConnectionClosed, InvalidStatus, asyncio.TimeoutError, TimeoutError):
                    pass
            if time.monotonic() > end:
                raise AssertionError(f"could not join {self.room} on any of {self.urls}")
            await asyncio.sleep(0.2)

    async def _send(self, frame: dict) -> None:
        await self.ws.send(msgpack.packb(frame))

    async def _recv(self, timeout: float) -> dict:
        async with asyncio.timeout(timeout):      # not wait_for: on 3.11 it can swallow a cancellation (stop())
            data = await self.ws.recv()
        f = msgpack.unpackb(data)
        self._on_frame(f)
        return f

    def _on_frame(self, f: dict) -> None:
        t = f["t"]
        pend = self.pending["id"] if self.pending else None
        if t == "sync":
            self.syncs += 1
            self.view, self.v, self.legal = f["view"], f["v"], f["legal"]
            self.seen_at.append((time.monotonic(), self.v))
            if self.pending is not None:
                asyncio.get_running_loop().create_task(self._resend())
        elif t == "diff":
            if f.get("id") is not None and f["id"] == pend:
                self._answer()
                self.acked.append((f["v"], self.actions[f["id"]]))
            if self.v is None or f["v"] <= self.v:
                return
            if f["v"] != self.v + 1:
                self.resyncs_asked += 1
                asyncio.get_running_loop().create_task(self._send_quiet({"t": "resync"}))
                return
            self.view, self.v, self.legal = apply(self.view, f["ops"]), f["v"], f["legal"]
            self.seen_at.append((time.monotonic(), self.v))
        elif t == "error":
            self.codes[f["code"]] += 1
            if f.get("id") is None or f["id"] == pend:
                self._answer()
        elif t == "end":
            self.result = f["result"]

    def _answer(self) -> None:
        if self.pending is not None:
            self.answered += 1
            self.pending = None

    async def _send_quiet(self, frame: dict) -> None:
        try:
            await self._send(frame)
        except ConnectionClosed:
            pass

    async def _resend(self) -> None:
        if self.pending is not None:
            await self._send_quiet(self.pending)

    async def _run(self) -> None:
        try:
            await self._loop()
        except Exception as e:       # kept for the test's assertion message, never silently lost
            self.crash = repr(e)
            raise

    async def _loop(self) -> None:
        last = 0.0
        while self.result is None:
            now = time.monotonic()
            if (not self.stopping and self.token is not None and self.pending is None and self.legal
                    and now - last >= self.pace):
                choices = [a for a in self.legal if a["act"] != "concede"] or self.legal
                aid = f"c{next(_ids)}"
                action = self.rng.choice(choices)
                self.actions[aid] = action
                self.pending = {"t": "action", "id": aid, "v": self.v, "action": action}
                self.sent += 1
                last = now
                await self._send_quiet(self.pending)
            try:
                await self._recv(0.05)
            except (asyncio.TimeoutError, TimeoutError):
                if self.stopping and self.pending is None:
                    return
            except ConnectionClosed as e:
                self.close_codes.append(e.rcvd.code if e.rcvd else None)
                self.reconnects += 1
                await self._join()
                if self.pending is not None:
                    await self._resend()

    async def stop(self, timeout: float = 15.0) -> None:
        """Stop acting and wait (bounded) for the pending action's answer; ``lost`` counts it if none came."""
        self.stopping = True
        try:
            await asyncio.wait_for(asyncio.shield(self.task), timeout)
        except (asyncio.TimeoutError, TimeoutError):
            self.task.cancel()
        except Exception:
            pass                     # recorded in self.crash
        if self.ws is not None:
            await self.ws.close()

    @property
    def lost(self) -> int:
        """Actions never answered (the pending one at the end)."""
        return self.sent - self.answered

    def first_version_after(self, t0: float, v0: int) -> float | None:
        """Seconds from ``t0`` until this client first saw a version above ``v0`` (None: never)."""
        for t, v in self.seen_at:
            if t >= t0 and v > v0:
                return t - t0
        return None
