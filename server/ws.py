"""The websocket endpoint ``/ws``: one :class:`Connection` per socket.

A connection has two tasks: the reader (this handler: decode, validate, rate-limit, forward to the room's inbox over
the bus) and the writer (drains a bounded outbound queue onto the socket). The room never awaits a socket: frames
reach the queue through a non-blocking sink; a full queue means the client is too slow, and it is dropped with
close 4003 (it reconnects and gets a full sync). Bad input is answered with an error frame; repeated bad input, a
missing join or a stalled socket end with a 4xxx close, never with a traceback.
"""
from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time

from starlette.websockets import WebSocket, WebSocketDisconnect

from protocol import Action, Error, Guard, Join, Ping, Pong, ProtocolError, Resync, Say

from . import wire, ws_limits
from .web_security import origin_allowed
from .bus import BusError
from .bus import messages as m
from .ws_close import close_now, direct_send, direct_write_all

log = logging.getLogger("server.ws")
_ids = itertools.count(1)
_CLOSE = object()


class Outbox:
    """A connection's bounded FIFO of outbound frames, read by one task (the writer): ``put_nowait`` (raises
    asyncio.QueueFull beyond ``maxsize`` items; 0 = unbounded), ``await get()``, ``empty()``, ``full()``. What
    ``asyncio.Queue`` did here, without its three deques and its event (about 2 KB per connection).
    """

    __slots__ = ("_items", "_max", "_waiter")

    def __init__(self, maxsize: int) -> None:
        self._items: list = []
        self._max = maxsize
        self._waiter: asyncio.Future | None = None

    def put_nowait(self, item) -> None:
        if self.full():
            raise asyncio.QueueFull
        self._items.append(item)
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(None)

    async def get(self):
        while not self._items:
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        return self._items.pop(0)

    def empty(self) -> bool:
        return not self._items

    def idle(self) -> bool:
        """Nothing queued and the reader waiting in :meth:`get` (not holding a frame it is still sending)."""
        return not self._items and self._waiter is not None and not self._waiter.done()

    def full(self) -> bool:
        return 0 < self._max <= len(self._items)


class Connection:
    """One websocket client. ``hub``: the app state (settings, bus, metrics, connection count)."""

    def __init__(self, ws: WebSocket, hub) -> None:
        self.ws, self.hub = ws, hub
        self.settings, self.bus = hub.settings, hub.bus
        self.mailbox, self.fanout = hub.bus.mailbox, hub.bus.fanout
        self.id = f"{hub.process_id}:{next(_ids)}"
        self.queue = Outbox(self.settings.outbound_queue)
        self.room: str | None = None
        self.guard = Guard(self.settings.rate_per_sec, self.settings.rate_burst,
                           self.settings.violations_before_close, self.settings.violations_before_close * 5)
        self.dropped = asyncio.get_running_loop().create_future()   # done = the connection must end
        self.close_code: int | None = None
        self.join_deadline: asyncio.Timeout | None = None   # the join_timeout of :func:`first_frame` while it runs
        client = getattr(ws, "client", None)
        self.address = client.host if client else "?"
        self.limited = self.address not in hub.settings.exempt_addresses()   # per-address limits apply
        self.seat_claim = False             # joined with a seat token (server/ws_limits.py: seats stay, spectators yield)
        self.overflow = False               # opened past a connection limit: only a seat's join may stay
        self.direct = None                  # uvicorn's own send and writable event (server/ws_close.py), once the
        self.write_all = None               # writer runs; and the writing of several frames in one write

    # -- sink (called by the bus; never blocks) ----------------------------------------------------------------
    def sink(self, frame: bytes | None, close: int | None) -> None:
        """Queue a frame and/or a close; on overflow mark the connection as a slow consumer."""
        if self.dropped.done():
            return
        if close is None and frame is not None and self._write_now(frame):
            return
        try:
            if frame is not None:
                self.queue.put_nowait(frame)
            if close is not None:
                self.queue.put_nowait((_CLOSE, close))
        except asyncio.QueueFull:
            self.hub.metrics.dropped_slow += 1
            self.close_code = wire.CLOSE_SLOW
            self._drop()

    def sink_all(self, frames: list[bytes]) -> None:
        """Several frames of one change, in order (the bus's ``sink_all``): written to the transport at once in one
        write when :meth:`_write_now`'s conditions hold, else each as :meth:`sink` takes it."""
        if self.dropped.done():
            return
        write_all = self.write_all
        if (write_all is not None and self.direct[1].is_set() and self.queue.idle()   # type: ignore[index]
                and write_all(frames)):
            return
        for frame in frames:
            self.sink(frame, None)

    def _write_now(self, frame: bytes) -> bool:
        """Write ``frame`` to the transport at once, in the caller's turn of the loop, when nothing is before it:
        the outbound queue empty, the writer idle, uvicorn's transport writable (then uvicorn's ``send`` writes
        without waiting, server/ws_close.py ``direct_send``). This saves the writer task's wake-up per frame
        (CPU and a turn of the busy loop). False when the frame is to be queued for the writer instead: one of
        those conditions does not hold, uvicorn's ``send`` would have waited (nothing was written then), or it
        raised (the peer vanished: the writer meets the same and ends)."""
        direct = self.direct
        if direct is None or not direct[1].is_set() or not self.queue.idle():
            return False
        step = direct[0]({"type": "websocket.send", "bytes": frame})
        try:
            step.send(None)
        except StopIteration:
            return True
        except Exception:
            return False
        step.close()            # it waited for the writable event, before writing anything
        return False

    def _drop(self) -> None:
        if not self.dropped.done():
            self.dropped.set_result(None)

    def refuse(self, code: str, msg: str | None = None, close: int = wire.CLOSE_ROOM_NOT_FOUND) -> bool:
        """Queue an error frame, then end the connection with ``close`` (by default 4004, a room that does not
        exist: error ``room_not_found``); always False (the connection must end)."""
        self.error(code, msg)
        self.close_code = close
        return False

    def error(self, code: str, msg: str | None = None, aid=None) -> bool:
        """Queue an error frame answering one client frame; False when the abuse guard now closes the connection."""
        self.sink(wire.encode(Error.of(code, msg=msg, id=aid)), None)
        self.guard.record(code)
        if self.guard.close_code is not None:
            self.close_code = self.guard.close_code
            return False
        return True

    # -- tasks -------------------------------------------------------------------------------------------------
    async def writer(self) -> None:
        """Drain the outbound queue; a frame that cannot be written in ``send_timeout`` marks the client stalled.
        While uvicorn's transport is writable a frame goes straight to uvicorn's ``send`` (it cannot wait then:
        server/ws_close.py ``direct_send``); otherwise through Starlette under the timeout."""
        self.direct = direct = direct_send(self.ws)
        self.write_all = direct_write_all(self.ws) if direct is not None else None
        while True:
            item = await self.queue.get()
            if isinstance(item, tuple):
                self.close_code = item[1]
                self._drop()
                return
            try:
                if direct is not None and direct[1].is_set():    # writable: the write cannot wait (no timer, no
                    await direct[0]({"type": "websocket.send", "bytes": item})   # task: CPU per frame)
                else:
                    await asyncio.wait_for(self.ws.send_bytes(item), self.settings.send_timeout)
                item = None          # sent: not kept alive while the writer waits for the next frame
            except (asyncio.TimeoutError, TimeoutError):
                self.hub.metrics.dropped_slow += 1
                self.close_code = wire.CLOSE_SLOW
                self._drop()
                return
            except (WebSocketDisconnect, RuntimeError, OSError):   # the peer vanished or the socket closed
                return

    async def receive_one(self) -> bool:
        """Receive and handle one client frame; False when the connection must end."""
        msg = await self.ws.receive()
        if msg["type"] == "websocket.disconnect":
            return False
        data = msg.get("bytes")
        try:   # decoding is bounded (protocol/codec.py), so a refused frame still names its action id
            frame = wire.decode_client(data if data is not None else msg.get("text"))
        except ProtocolError as e:
            if not self.guard.admit(time.monotonic()):
                return self.error("rate_limited")
            if e.code == "unsupported_protocol":
                return self.refuse(e.code, e.msg, wire.CLOSE_UNSUPPORTED)
            if e.code == "room_not_found":      # a join naming a room id no room can have
                if self.room is not None:
                    return self.error("already_joined")
                return self.refuse(e.code, e.msg)
            return self.error(e.code, e.msg)
        if not self.guard.admit(time.monotonic()):
            return self.error("rate_limited", None, getattr(frame, "id", None))
        return await self.dispatch(frame)

    async def reader(self) -> None:
        """Receive client frames until the socket closes or the connection must be closed. After each frame the
        loop gets a turn (``sleep(0)``): frames already buffered (a flood arrives as thousands in one read) would
        otherwise be handled in one go, starving every other task, this connection's writer included, so that its
        answers overflowed the outbound queue (a slow-consumer close) before the abuse guard saw the flood."""
        while await self.receive_one():
            await asyncio.sleep(0)


    async def dispatch(self, frame) -> bool:
        """Handle one valid client frame (a protocol message); False when the connection must end."""
        if isinstance(frame, Ping):
            self.sink(wire.encode(Pong(frame.n)), None)
            return True
        if self.room is None:
            if not isinstance(frame, Join):
                return self.error("not_joined")
            return await self.join(frame)
        if isinstance(frame, Join):
            return self.error("already_joined")
        if isinstance(frame, Action):
            msg = m.Act(self.id, frame.id, frame.v, frame.action, time.monotonic())
        elif isinstance(frame, Resync):
            msg = m.Resync(self.id)
        elif isinstance(frame, Say):
            msg = m.Say(self.id, frame.text, self.address if self.limited else "")
        else:
            return self.error("unknown_message")
        try:
            await self.mailbox.send(self.room, msg)
        except BusError as e:
            if e.code == "room_not_found":
                return self.refuse("room_not_found")
            # nothing changed, the client may retry: an overloaded room asks it to slow down; a backend that is
            # down or a room that does not answer is unavailable
            code = "rate_limited" if e.code == "room_busy" else "unavailable"
            return self.error(code, e.message, getattr(frame, "id", None))
        return True

    async def join(self, frame: Join) -> bool:
        """Attach to a room: the room decides seat or spectator and answers with a sync (or an error + close).

        The join frame has come, so the ``join_timeout`` stops here: the attach may wait for the room itself (a
        stored room the start-up restore has not reached yet is restored first, server/rooms.py ``restore_first``;
        on Redis a room whose owner is gone is adopted), and a client must not be closed with 4008 for that."""
        if self.join_deadline is not None:
            self.join_deadline.reschedule(None)
        self.seat_claim = frame.token is not None
        address = self.address if self.limited else ""
        if self.seat_claim and self.hub.auth_throttle.blocked(address, "room:" + frame.room):
            return self.refuse("rate_limited", "Too many wrong seat tokens; wait a minute.", wire.CLOSE_RATE_LIMITED)
        if self.overflow and not (self.seat_claim and self.hub.ws_limits.make_room(self)):
            return self.refuse("unavailable", ws_limits.SENTENCE, wire.CLOSE_SERVER_FULL)
        self.fanout.attach_conn(self.id, self.sink, self.sink_all)
        try:
            await self.mailbox.send(frame.room, m.Attach(self.id, frame.token, frame.v))
        except BusError as e:
            self.fanout.detach_conn(self.id)
            if e.code == "room_not_found":
                return self.refuse("room_not_found")
            # busy or backend down: "try again later"
            return self.refuse("unavailable", e.message, wire.CLOSE_SERVER_FULL)
        self.room = frame.room
        return True


async def first_frame(conn: Connection) -> bool:
    """Wait up to ``join_timeout`` s for the join frame, then for the room to take it (not timed: see
    :meth:`Connection.join`); False when the connection must close (4008 when no join frame came in time)."""
    try:
        async with asyncio.timeout(conn.settings.join_timeout) as deadline:
            conn.join_deadline = deadline
            while conn.room is None:
                if not await conn.receive_one():
                    return False
    except TimeoutError:
        conn.close_code = wire.CLOSE_JOIN_TIMEOUT
        return False
    finally:
        conn.join_deadline = None
    return True


async def endpoint(ws: WebSocket) -> None:
    """ASGI websocket handler for ``/ws`` (Starlette ``WebSocketRoute``).

    Runs the reader and the writer of one :class:`Connection` until one of them ends or the connection is dropped,
    tells the room the connection left, then closes the socket with the connection's close code (if any).
    """
    hub = ws.app.state.hub
    if not origin_allowed(ws, hub.settings):
        await ws.close(wire.CLOSE_POLICY)      # before accept: the handshake is refused (403)
        return
    await ws.accept()
    hub.connections += 1
    conn = Connection(ws, hub)
    conn.overflow = hub.ws_limits.over(conn.address)
    hub.ws_limits.add(conn)
    writer = asyncio.create_task(conn.writer())
    reader = asyncio.create_task(_read_all(conn))
    try:   # the dropped flag is a future, awaited here without a task of its own (memory)
        await asyncio.wait({reader, conn.dropped, writer}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        reader.cancel()
        if conn.room is not None:
            conn.fanout.detach_conn(conn.id)
            with contextlib.suppress(BusError):
                await conn.mailbox.send(conn.room, m.Detach(conn.id))
        hub.connections -= 1
        hub.ws_limits.remove(conn)
        if conn.close_code == wire.CLOSE_UNAUTHORIZED and conn.seat_claim and conn.room is not None:
            hub.auth_throttle.failed(conn.address if conn.limited else "", "room:" + conn.room)   # a wrong token
    if conn.close_code is None:
        writer.cancel()
        return
    # Flush the error frames explaining the close (bounded wait), then close; a stalled peer is not waited for.
    if conn.close_code != wire.CLOSE_SLOW and not writer.done() and not conn.queue.full():
        conn.queue.put_nowait((_CLOSE, conn.close_code))
        with contextlib.suppress(Exception):
            await asyncio.wait_for(asyncio.shield(writer), 1.0)
    writer.cancel()
    await close_now(ws, conn.close_code, conn.settings.send_timeout)   # also when the peer does not read


async def _read_all(conn: Connection) -> None:
    try:
        if await first_frame(conn):
            await conn.reader()
    except WebSocketDisconnect:
        pass
    except Exception:    # never a traceback to the peer; the room is untouched
        log.exception("connection %s failed", conn.id)
        conn.close_code = 1011
