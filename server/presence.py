"""Who is online, and the lobby socket that carries a player's notifications.

``/ws/lobby``: the browser opens it while a page of the site is open; its first frame (text, JSON) is
``{"t": "hello", "auth": "<player id>:<secret>"}`` within HELLO_TIMEOUT seconds, answered ``{"t": "hello", "id",
"name"}``. Afterwards the server sends ``{"t": "friends"}`` (a friend's list, status or challenge changed: fetch
``GET /api/friends``) and ``{"t": "challenge", "challenge": {...}}`` / ``{"t": "accepted", "challenge", "room"}``;
the client's frames are ignored (a ``{"t": "ping"}`` keeps proxies awake). Close codes: 4005 unknown or malformed
credentials, 4008 no hello in time, 4011 the session ended (signed out, password changed: reconnect after signing
in), 4003 too slow.

A player is online while at least one socket of theirs is open to this process (in memory, like the quick-play
queue: with several processes behind a balancer the lobby sockets need sticky routing); each socket also checks
every SESSION_CHECK seconds that its session still exists, so a session ended on another process loses its socket
too.
"""
from __future__ import annotations

import asyncio
import json

from starlette.websockets import WebSocket, WebSocketDisconnect

HELLO_TIMEOUT = 10.0     # s
SESSION_CHECK = 30.0     # s
QUEUE = 32               # frames waiting for one socket
CLOSE_AUTH, CLOSE_SLOW, CLOSE_HELLO, CLOSE_ENDED = 4005, 4003, 4008, 4011


class _Sock:
    def __init__(self, player: str, session: str) -> None:
        self.player, self.session = player, session
        self.queue: asyncio.Queue = asyncio.Queue(QUEUE)

    def put(self, frame: dict | None, close: int | None = None) -> None:
        """Queue a frame (or, with ``close``, the end of the socket with that code); a full queue ends it 4003."""
        try:
            self.queue.put_nowait((frame, close))
        except asyncio.QueueFull:
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait((None, CLOSE_SLOW))


class Presence:
    """The open lobby sockets of this process, by player."""

    def __init__(self) -> None:
        self.socks: dict[str, set[_Sock]] = {}
        self.listeners: list = []        # callables(player id) told when a player comes online or goes offline

    def online(self, player_id: str) -> bool:
        return bool(self.socks.get(player_id))

    def notify(self, player_id: str, frame: dict) -> None:
        """Send ``frame`` to every open lobby socket of the player (none: nothing happens)."""
        for sock in list(self.socks.get(player_id, ())):
            sock.put(frame)

    def close_sessions(self, session_ids) -> None:
        """Close (4011) every socket of these sessions."""
        ended = set(session_ids)
        for socks in list(self.socks.values()):
            for sock in list(socks):
                if sock.session in ended:
                    sock.put(None, CLOSE_ENDED)

    def _add(self, sock: _Sock) -> None:
        first = not self.socks.get(sock.player)
        self.socks.setdefault(sock.player, set()).add(sock)
        if first:
            self._changed(sock.player)

    def _drop(self, sock: _Sock) -> None:
        socks = self.socks.get(sock.player, set())
        socks.discard(sock)
        if not socks:
            self.socks.pop(sock.player, None)
            self._changed(sock.player)

    def _changed(self, player_id: str) -> None:
        for fn in self.listeners:
            fn(player_id)


def presence_of(hub) -> Presence:
    """The hub's Presence (made on first use)."""
    p = getattr(hub, "presence", None)
    if p is None:
        p = hub.presence = Presence()
        p.listeners.append(lambda pid: asyncio.ensure_future(tell_friends(hub, pid)))
    return p


async def tell_friends(hub, player_id: str) -> None:
    """Tell the player's friends (those who added the player) that something about the player changed (a task of
    its own: never raises)."""
    from sqlalchemy.exc import SQLAlchemyError
    presence = presence_of(hub)
    try:
        links = await hub.store.friend_links(player_id)
    except (SQLAlchemyError, OSError, AttributeError):     # the store is closing (shutdown): nobody to tell
        return
    for pid in links["added_me"]:
        presence.notify(pid, {"t": "friends"})


async def _hello(ws: WebSocket, store) -> dict | None:
    """The player of the hello frame, or None."""
    try:
        msg = await asyncio.wait_for(ws.receive(), HELLO_TIMEOUT)
    except TimeoutError:
        await ws.close(CLOSE_HELLO)
        return None
    try:
        hello = json.loads(msg.get("text") or "")
        pid, _, secret = hello["auth"].partition(":")
        player = await store.verify_player(pid, secret) if hello.get("t") == "hello" else None
    except (ValueError, TypeError, KeyError, AttributeError):
        player = None
    if player is None:
        await ws.close(CLOSE_AUTH)
    return player


async def _writer(ws: WebSocket, sock: _Sock) -> None:
    while True:
        frame, close = await sock.queue.get()
        if close is not None:
            await ws.close(close)
            return
        await ws.send_text(json.dumps(frame))


async def _reader(ws: WebSocket) -> None:
    while True:
        msg = await ws.receive()
        if msg["type"] == "websocket.disconnect":
            return


async def _watch_session(store, sock: _Sock) -> None:
    while True:
        await asyncio.sleep(SESSION_CHECK)
        if not await store.session_alive(sock.session):
            sock.put(None, CLOSE_ENDED)
            return


async def lobby_socket(ws: WebSocket) -> None:
    """The ``/ws/lobby`` endpoint (module docstring)."""
    hub = ws.app.state.hub
    await ws.accept()
    try:
        player = await _hello(ws, hub.store)
    except (WebSocketDisconnect, RuntimeError, OSError):     # gone before (or while) being told
        return
    if player is None:
        return
    presence = presence_of(hub)
    sock = _Sock(player["id"], player["session"])
    presence._add(sock)
    tasks = []
    try:
        await ws.send_text(json.dumps({"t": "hello", "id": player["id"], "name": player["name"]}))
        tasks = [asyncio.ensure_future(c) for c in (_writer(ws, sock), _reader(ws), _watch_session(hub.store, sock))]
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    except (WebSocketDisconnect, RuntimeError, OSError):
        pass
    finally:
        for t in tasks:
            t.cancel()
            if t.done() and not t.cancelled():
                t.exception()       # retrieved: a socket that vanished is no error of the server
        presence._drop(sock)
