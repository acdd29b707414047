"""Closing a websocket whose peer does not read (a never-reading spectator gets 4003 at once).

An ASGI ``websocket.close`` is a send like any other: uvicorn's protocol waits until its transport is writable
before writing the close frame, and a peer that never reads keeps the transport paused for good, so the close never
happens (uvicorn's keepalive fails the socket with 1011 some 40 s later). :func:`close_now` writes the close frame
behind whatever is buffered (the peer sees every frame it was sent, then the code) and gives the peer
``linger`` seconds to read it before the transport is aborted, so a stalled socket holds no memory for long.

It needs uvicorn's protocol object, the receiver of the ``send`` callable uvicorn hands to the app. Starlette wraps
``send`` on the way to the endpoint, so :class:`ExposeSend` (the outermost middleware, server/app.py) keeps the
original in the scope under ``SCOPE_KEY``. Under another ASGI server, or a uvicorn without these attributes,
:func:`close_now` falls back to an ordinary close with a timeout.
"""
from __future__ import annotations

import asyncio
import contextlib

SCOPE_KEY = "berserk.raw_send"


class ExposeSend:
    """ASGI middleware: websocket scopes carry the server's own ``send`` under ``SCOPE_KEY``."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket":
            scope = dict(scope)
            scope[SCOPE_KEY] = send
        await self.app(scope, receive, send)


def direct_send(ws):
    """uvicorn's own ``send`` and its ``writable`` event for ``ws`` (``(send, event)``), or None under another ASGI
    server. While the event is set, that ``send`` of a ``websocket.send`` message writes to the transport without
    waiting (its only wait is for the event: flow control), so the caller needs no timeout for it; and it skips
    Starlette's wrappers, which add nothing to a data frame (CPU per frame)."""
    proto, _ = _protocol(ws)
    send = ws.scope.get(SCOPE_KEY)
    return None if proto is None or send is None else (send, proto.writable)


def direct_write_all(ws):
    """A function writing several binary frames to ``ws``'s transport in one write, for uvicorn's websockets-sansio
    protocol, or None under another ASGI server or protocol. ``write_all(frames) -> bool``: False, writing nothing,
    unless the protocol is open (handshake done, no close sent, peer there); it does not wait for flow control,
    so the caller checks the writable event first (:func:`direct_send`). What uvicorn's ``send`` does for one
    ``websocket.send`` (server/ws.py ``Connection.sink_all``), for each frame, with one ``transport.write``."""
    proto, transport = _protocol(ws)
    conn = getattr(proto, "conn", None)
    if not (hasattr(conn, "send_binary") and hasattr(conn, "data_to_send")
            and all(hasattr(proto, a) for a in ("disconnected", "close_sent", "handshake_complete"))):
        return None

    def write_all(frames: list[bytes]) -> bool:
        if (proto.disconnected or proto.close_sent or not proto.handshake_complete
                or getattr(proto, "initial_response", None) is not None or transport.is_closing()):
            return False
        try:
            for frame in frames:
                conn.send_binary(frame)
        except Exception:                # the protocol is closing: nothing was added (its state is per connection)
            return False
        transport.write(b"".join(conn.data_to_send()))
        return True

    return write_all


def _protocol(ws):
    proto = getattr(ws.scope.get(SCOPE_KEY), "__self__", None)
    transport = getattr(proto, "transport", None)
    if isinstance(getattr(proto, "writable", None), asyncio.Event) and transport is not None:
        return proto, transport
    return None, None


async def close_now(ws, code: int, linger: float) -> None:
    """Close ``ws`` with ``code`` without waiting for the peer to read (see the module docstring); abort the
    transport if the peer has not drained it ``linger`` seconds later. Never raises."""
    proto, transport = _protocol(ws)
    if proto is not None and not transport.is_closing():
        proto.writable.set()          # uvicorn waits on this before writing; the close frame is a few bytes
        loop = asyncio.get_running_loop()
        loop.call_later(linger, _abort_if_stuck, transport)
    with contextlib.suppress(Exception):
        await asyncio.wait_for(ws.close(code), 1.0)


def _abort_if_stuck(transport) -> None:
    with contextlib.suppress(Exception):
        if transport.get_write_buffer_size() > 0:
            transport.abort()
