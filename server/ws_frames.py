"""Several queued data frames of one connection in one socket write (issue 21 item 2: CPU per client action).

An action that brings automatic passes is broadcast as one frame per version, so a connection's writer usually finds
two or three frames queued at once (2.2 per client action in mid-game rooms). Through uvicorn's ``send`` each frame
is its own ``transport.write``, one ``send()`` system call each, with the kernel's loopback/TCP work behind it.
:class:`FrameBatch` writes the frames found queued together as consecutive websocket frames in one
``transport.write``: the bytes on the wire are the same, in the same order, only the system calls fewer.

It needs uvicorn's websockets-sansio protocol object (the default ``--ws auto`` with websockets installed), reached
like server/ws_close.py does, through the ``send`` that :class:`server.ws_close.ExposeSend` keeps in the scope.
Under any other ASGI server or websocket implementation :func:`frame_batch` answers None and the writer sends frame
by frame as before.
"""
from __future__ import annotations

import asyncio

from .ws_close import SCOPE_KEY

try:        # only the websockets-sansio implementation of uvicorn is written to directly
    from uvicorn.protocols.utils import ClientDisconnected
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
    from websockets.exceptions import InvalidState
except ImportError:        # pragma: no cover - another uvicorn or no websockets: frame by frame
    WebSocketsSansIOProtocol = None

#: At most this many frames per write, so that a write never puts much more than one outbox's worth of frames
#: beyond the transport's high-water mark before flow control is seen (the outbox holds 64 by default).
MAX_FRAMES = 16


class FrameBatch:
    """Writes data frames straight to one uvicorn websockets-sansio connection (see the module docstring)."""

    __slots__ = ("_proto",)

    def __init__(self, proto) -> None:
        self._proto = proto

    def ready(self) -> bool:
        """Whether :meth:`write` may be used now: the connection is open (handshake done, no close sent, not
        lost), writable (flow control: not paused) and its transport has nothing buffered. Otherwise the caller
        sends through uvicorn's ``send`` (which waits for flow control and handles the other states)."""
        p = self._proto
        return (p.writable.is_set() and p.handshake_complete and not p.close_sent and not p.disconnected
                and p.initial_response is None and not p.transport.get_write_buffer_size())

    def write(self, frames: list[bytes]) -> None:
        """Write ``frames`` (binary messages, in order) as websocket frames in one ``transport.write``; exactly
        the frames uvicorn's ``send`` of a ``websocket.send`` message with ``bytes`` would write for each. Call
        only when :meth:`ready`. Raises uvicorn's ClientDisconnected (an OSError) when the websocket state no
        longer allows data frames, as uvicorn's ``send`` does."""
        p = self._proto
        conn = p.conn
        try:
            for data in frames:
                conn.send_binary(data)
        except InvalidState:
            raise ClientDisconnected() from None
        p.transport.write(b"".join(conn.data_to_send()))


def frame_batch(ws) -> FrameBatch | None:
    """The :class:`FrameBatch` of the Starlette websocket ``ws``, or None when uvicorn's websockets-sansio
    protocol is not what serves it (then frames go one by one through ``send``)."""
    if WebSocketsSansIOProtocol is None:
        return None
    proto = getattr(ws.scope.get(SCOPE_KEY), "__self__", None)
    if not isinstance(proto, WebSocketsSansIOProtocol) or not isinstance(getattr(proto, "writable", None),
                                                                         asyncio.Event):
        return None
    return FrameBatch(proto)
