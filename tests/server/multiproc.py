"""Test helpers for several server processes over one Redis: a redis-server on a free port, real
``python -m server`` processes on loopback, and a player client that survives its process dying.

Nothing here sleeps to synchronise: every wait is a bounded polling loop on a condition (health, a frame).
"""
from __future__ import annotations

import asyncio
import itertools
import os
import shutil
import signal
import subprocess
import tempfile
import time

import httpx
import msgpack
import pytest
import redis
from websockets.exceptions import ConnectionClosed, InvalidStatus

from bench.servers import Loopback, free_port, server_args
from tests.server.harness import Player

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_ids = itertools.count(1)


def wait_for(pred, timeout: float, what: str, step: float = 0.02):
    """Poll ``pred()`` until truthy (returns its value); fails the test naming ``what`` after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while True:
        value = pred()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout} s waiting for {what}")
        time.sleep(step)


class RedisServer:
    """``redis-server --port <free> --save '' --appendonly no`` as a subprocess (never an already running one).

    Fails (not skips) the test when redis-server is not on PATH: .ci/run installs it.
    """

    def __init__(self) -> None:
        self.binary = shutil.which("redis-server")
        if self.binary is None:
            pytest.fail("redis-server is not on PATH (install it: apt-get install redis-server; .ci/run does)")
        self.port = free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}"

    def client(self) -> redis.Redis:
        return redis.Redis(port=self.port, socket_timeout=2)

    def start(self) -> "RedisServer":
        self.proc = subprocess.Popen([self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                      "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        def ready():
            try:
                return self.client().ping()
            except redis.RedisError:
                return False
        wait_for(ready, 10, "redis-server to answer PING")
        return self

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)


class ServerProc(Loopback):
    """One ``python -m server --redis <url>`` process on a free loopback port (its log in a temp file)."""

    def __init__(self, redis_url: str, **settings) -> None:
        self.port = free_port()
        self.log = tempfile.NamedTemporaryFile(prefix="berserk-", suffix=".log", delete=False)
        if "data_dir" not in settings and "database" not in settings:   # the SQL store: never ./data of the repo
            settings["data_dir"] = tempfile.mkdtemp(prefix="berserk-data-")
        args = server_args(self.port, redis=redis_url, **settings)
        self.proc = subprocess.Popen(args, cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT)

    def health(self) -> int | None:
        try:
            return httpx.get(self.http + "/healthz", timeout=2).status_code
        except httpx.HTTPError:
            return None

    def wait_healthy(self, timeout: float = 60) -> "ServerProc":   # start-up migrates the SQL store too
        def ok():
            if self.proc.poll() is not None:
                pytest.fail(f"server process exited: {self.tail()}")
            return self.health() == 200
        wait_for(ok, timeout, f"server on port {self.port} to be healthy")
        return self

    def metric(self, name: str) -> float:
        text = httpx.get(self.http + "/metrics", timeout=2).text
        for line in text.splitlines():
            if line.startswith(name + " "):
                return float(line.split()[1])
        raise KeyError(name)

    def tail(self, n: int = 4000) -> str:
        with open(self.log.name, "rb") as fh:
            return fh.read()[-n:].decode(errors="replace")

    def kill(self) -> None:
        """kill -9."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def pause(self) -> None:
        os.kill(self.proc.pid, signal.SIGSTOP)

    def resume(self) -> None:
        os.kill(self.proc.pid, signal.SIGCONT)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGCONT)
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        if not self.log.closed:
            self.log.close()
            keep = os.environ.get("KEEP_SERVER_LOGS")      # a directory to keep the logs in (diagnosis)
            if keep:
                os.makedirs(keep, exist_ok=True)
                shutil.copy(self.log.name, os.path.join(keep, f"server-{self.port}.log"))
            os.unlink(self.log.name)


class Seat(Player):
    """A player (or spectator with ``token=None``) that reconnects to the next live process when its socket dies.

    ``sent``: action id -> action; ``acked``: ``[(v, action)]`` for every action answered with a diff (the
    acknowledged ones); ``syncs``: every sync frame received (joins, relay resyncs, takeovers).
    """

    def __init__(self, ws, urls: list[str], room: str, token: str | None) -> None:
        super().__init__(ws)
        self.urls, self.room, self.token = urls, room, token
        self.sent: dict[str, dict] = {}
        self.acked: list[tuple[int, dict]] = []
        self.syncs: list[dict] = []
        self.reconnects = 0

    @classmethod
    async def open(cls, urls: list[str], room: str, token: str | None) -> "Seat":
        p = await Player.join(urls[0], room, token)
        seat = cls(p.ws, urls, room, token)
        seat.__dict__.update({k: v for k, v in p.__dict__.items() if k not in ("ws",)})
        seat.syncs = [f for f in p.frames if f["t"] == "sync"]
        seat.sent, seat.acked, seat.reconnects = {}, [], 0
        return seat

    async def recv(self, timeout: float = 10.0) -> dict:
        frame = await super().recv(timeout)
        if frame["t"] == "sync":
            self.syncs.append(frame)
        elif frame["t"] == "diff" and frame.get("id") in self.sent:
            self.acked.append((frame["v"], self.sent[frame["id"]]))
        return frame

    async def reconnect(self, timeout: float = 30.0) -> None:
        """Join again (same token) on the first process that accepts; the join is answered with a sync."""
        deadline = time.monotonic() + timeout
        while True:
            for url in self.urls:
                try:
                    p = await Player.join(url, self.room, self.token)
                except (OSError, ConnectionClosed, InvalidStatus, asyncio.TimeoutError, TimeoutError):
                    continue
                self.ws = p.ws
                f = p.frames[-1]
                self.frames.append(f)
                if f["t"] == "sync":
                    self.view, self.v, self.legal, self.clocks = f["view"], f["v"], f["legal"], f["clocks"]
                    self.syncs.append(f)
                    self.reconnects += 1
                    return
            if time.monotonic() > deadline:
                raise AssertionError(f"could not reconnect to any of {self.urls}")
            await asyncio.sleep(0.1)

    async def play_on(self, policy, max_actions: int = 600, until_v: int | None = None,
                      timeout: float = 180.0) -> None:
        """Act whenever legal until the game ends (or the version reaches ``until_v``), reconnecting when the
        socket dies. A sync (resync, takeover) forgets the pending action: the player decides again."""
        pending, mine = None, 0
        async with asyncio.timeout(timeout):
            while self.result is None and (until_v is None or self.v < until_v):
                if self.legal and pending is None:
                    action = {"act": "concede"} if mine >= max_actions else policy(self.legal, self.view)
                    pending = f"m{next(_ids)}"
                    self.sent[pending] = action
                    try:
                        await self.send({"t": "action", "id": pending, "v": self.v, "action": action})
                    except ConnectionClosed:
                        pass
                try:
                    f = await self.recv(timeout)
                except ConnectionClosed:
                    await self.reconnect()
                    pending = None
                    continue
                if f["t"] == "sync":
                    pending = None
                elif pending is not None and f.get("id") == pending:
                    if f["t"] == "diff":
                        mine += 1
                    pending = None

    async def watch_on(self, timeout: float = 180.0) -> None:
        """Read frames (reconnecting when needed) until the game ends."""
        async with asyncio.timeout(timeout):
            while self.result is None:
                try:
                    await self.recv(timeout)
                except ConnectionClosed:
                    await self.reconnect()


def stored_log(client: redis.Redis, room: str) -> list:
    """The room's complete engine action log as stored in Redis: the snapshot's game log, then the actions of the
    change log entries written after it (stream ``bz:{R}:log``, the last entry of each commit number; see
    server/bus/redis/store.py)."""
    from engine import Game
    from server.bus.redis.store import entries_of
    snap = load_snapshot(client, room)
    log = [] if snap["game"] is None else list(Game.restore(snap["game"]).log)
    for raw in entries_of(client.xrange(f"bz:{{{room}}}:log")):
        log += msgpack.unpackb(raw)["actions"]
    return log


def stored_game(client: redis.Redis, room: str):
    """The room's game rebuilt from what Redis keeps of it (the snapshot's seed and decks, :func:`stored_log`):
    an engine ``Game`` at the stored version. No frame carries the seed, the decks or the log."""
    from engine import Game
    snap = load_snapshot(client, room)
    return Game.replay(snap["seed"], snap["decks"][0], snap["decks"][1], stored_log(client, room))


def stored_version(client: redis.Redis, room: str) -> int:
    """The room version stored in Redis (the snapshot brought forward by its change log)."""
    from server.bus.redis.store import entries_of
    entries = entries_of(client.xrange(f"bz:{{{room}}}:log"))
    if entries:
        return int(msgpack.unpackb(entries[-1])["v"])
    return int(load_snapshot(client, room)["v"])


def load_snapshot(client: redis.Redis, room: str) -> dict:
    """The stored snapshot of ``room`` (server.room ``Room.snapshot``), decoded."""
    blob = client.get(f"bz:{{{room}}}:snap")
    assert blob is not None, f"no snapshot of room {room} in Redis"
    return msgpack.unpackb(blob)
