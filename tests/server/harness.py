"""Test helpers: a real uvicorn server on a loopback port in a thread, and a websocket game client."""
from __future__ import annotations

import asyncio
import itertools
import threading
import time

import httpx
import msgpack
import uvicorn
from websockets.asyncio.client import connect

from bench.servers import Loopback, free_port  # noqa: F401  (free_port re-exported)
from protocol import apply


class LiveServer(Loopback):
    """uvicorn serving ``app`` on 127.0.0.1:<free port> in a daemon thread (its own event loop)."""

    def __init__(self, app, **config) -> None:
        self.app = app
        self.port = free_port()
        cfg = dict(host="127.0.0.1", port=self.port, log_level="warning", ws_per_message_deflate=False,
                   ws_max_size=app.state.hub.settings.max_frame)
        cfg.update(config)
        self.server = uvicorn.Server(uvicorn.Config(app, **cfg))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> "LiveServer":
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.01)
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(10)


_ids = itertools.count(1)


class Player:
    """A websocket client that keeps its view up to date from sync/diff frames."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.view: dict | None = None
        self.v: int | None = None
        self.you = None
        self.legal = None
        self.clocks = None
        self.result = None
        self.frames: list[dict] = []
        self.errors: list[dict] = []

    @classmethod
    async def join(cls, url: str, room: str, token: str | None, v=None) -> "Player":
        ws = await connect(url, max_size=8 * 2**20, compression=None)
        p = cls(ws)
        await p.send({"t": "join", "room": room, "token": token, "v": v, "pv": 1})
        await p.until(lambda f: f["t"] in ("sync", "error"))
        return p

    async def send(self, frame: dict) -> None:
        await self.ws.send(msgpack.packb(frame))

    async def recv(self, timeout: float = 10.0) -> dict:
        # asyncio.timeout, not wait_for: Python 3.11's wait_for can swallow a cancellation that lands as the frame
        # arrives, so a cancelled play() task went on playing until its own 60 s timeout
        async with asyncio.timeout(timeout):
            data = await self.ws.recv()
        frame = msgpack.unpackb(data)
        self.frames.append(frame)
        t = frame["t"]
        if t == "sync":
            self.view, self.v, self.you, self.legal, self.clocks = (frame["view"], frame["v"], frame["you"],
                                                                    frame["legal"], frame["clocks"])
        elif t == "diff" and frame["v"] <= self.v:
            pass     # the repeated answer to a repeated action id: already applied
        elif t == "diff":
            assert frame["v"] == self.v + 1, f"version gap {self.v} -> {frame['v']}"
            self.view, self.v = apply(self.view, frame["ops"]), frame["v"]
            self.legal, self.clocks = frame["legal"], frame["clocks"]
        elif t == "clocks" and self.v is not None and frame["v"] >= self.v:
            self.clocks = frame["clocks"]
        elif t == "end":
            self.result = frame["result"]
        elif t == "error":
            self.errors.append(frame)
        return frame

    async def until(self, pred, timeout: float = 10.0) -> dict:
        async with asyncio.timeout(timeout):
            while True:
                f = await self.recv(timeout)
                if pred(f):
                    return f

    async def catch_up(self, v: int, timeout: float = 10.0) -> None:
        """Read frames until this client has seen version ``v``."""
        async with asyncio.timeout(timeout):
            while self.v is None or self.v < v:
                await self.recv(timeout)

    async def act(self, action: dict) -> dict:
        """Send an action on the current version; returns the answering diff (carrying its id) or error."""
        aid = f"a{next(_ids)}"
        await self.send({"t": "action", "id": aid, "v": self.v, "action": action})
        return await self.until(lambda f: f.get("id") == aid and f["t"] in ("diff", "error"))

    async def play(self, policy, max_actions: int | None = None, timeout: float = 60.0, pace: float = 0.0) -> int:
        """Act with ``policy(legal, view) -> action`` whenever this client may act, until the game ends.

        After ``max_actions`` actions of its own the client concedes (so bot games always end). A ``stale`` answer
        (automatic passes raced the action) is fine: the client acts again on the newer frames; a ``rate_limited``
        answer makes it try again a little later. Returns the number
        of actions applied for this client. ``pace``: seconds to wait before each action (to stay under a server's
        rate limit).
        """
        pending, applied = None, 0
        async with asyncio.timeout(timeout):
            while self.result is None:
                if self.legal and pending is None:
                    if max_actions is not None and applied >= max_actions:
                        action = {"act": "concede"}
                    else:
                        action = policy(self.legal, self.view)
                    pending = f"a{next(_ids)}"
                    if pace:
                        await asyncio.sleep(pace)
                    await self.send({"t": "action", "id": pending, "v": self.v, "action": action})
                f = await self.recv(timeout)
                if pending is not None and f.get("id") == pending:
                    if f["t"] == "diff":
                        applied += 1
                    else:
                        assert f["code"] in ("stale", "rate_limited"), f
                        if f["code"] == "rate_limited":
                            await asyncio.sleep(0.05)
                    pending = None
        return applied

    async def watch(self, timeout: float = 60.0) -> None:
        """Read frames until the game ends."""
        await self.until(lambda f: f["t"] == "end", timeout)

    async def close(self) -> None:
        await self.ws.close()


async def create_room(http: str, **body) -> dict:
    async with httpx.AsyncClient() as c:
        r = await c.post(http + "/api/rooms", json=body)
        assert r.status_code == 201, r.text
        return r.json()


async def join_seat(http: str, room: str, **body) -> dict:
    async with httpx.AsyncClient() as c:
        r = await c.post(f"{http}/api/rooms/{room}/join", json=body)
        assert r.status_code == 200, r.text
        return r.json()


async def seated_room(room_id: str, seed: int, clock=None):
    """A real ``Room`` on the memory bus with the first two starter decks, seat 2 taken, dealt, and attached to
    three connections: ``c1`` (seat 1), ``c2`` (seat 2, token "two") and ``s`` (a spectator)."""
    import engine as ENGINE
    from server.bus import memory_bus
    from server.bus import messages as m
    from server.metrics import Metrics
    from server.room import Room, hash_token
    from server.settings import Settings
    opts = {"decks": sorted(ENGINE.starter_decks())[:2], "clock": clock, "spectators": True}
    room, one = Room.create(room_id, opts, ENGINE, memory_bus(), Settings(fixed_seed=seed), Metrics())
    room.seats.tokens[2] = hash_token("two")
    room.deal()
    for conn, token in (("c1", one), ("c2", "two"), ("s", None)):
        await room.audience.attach(m.Attach(conn, token))
    return room
