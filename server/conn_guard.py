"""Abusive connections at the HTTP layer (docs/operations.md "Connection limits").

uvicorn's httptools protocol reads a request head with no limit on its size or on the time it takes, and keeps a
connection that never sends a byte. :func:`guarded_protocol` returns a subclass of it (passed to ``uvicorn.run`` as
``http=``) that bounds the head of every request:

* **size**: more than ``max_header_bytes`` before the head is complete: 431 and the connection closed (the bytes are
  never buffered: a 200 MB header costs one read);
* **time**: a head not complete ``header_timeout`` seconds after the connection opened, or after the first byte of
  the next request on a kept-alive connection: 408 and closed (slowloris; a connection that never sends anything);
* **per address**: at most ``max_heads_per_address`` connections of one client address may be reading a head at
  once; one more closes the oldest of them (503), so a flood of idle or trickling sockets from one address cannot
  take the process's file descriptors, and a real client behind the same address (its head takes milliseconds)
  still gets in. Each refusal's sentence is in the language of the head's ``Accept-Language`` when that header
  was read before the refusal, else Russian. A websocket, once upgraded, is no longer counted here: the websocket endpoint limits those per
  address and lets seated players in first (server/ws_limits.py).

Between requests uvicorn's ``timeout_keep_alive`` closes idle kept-alive connections; an open websocket whose peer
is gone is closed by uvicorn's ping (``ws_ping_interval`` / ``ws_ping_timeout``).

:func:`raise_open_files` raises the process's soft limit on open files to its hard limit at start and returns it,
so the server can say how many connections it can hold.
"""
from __future__ import annotations

import json
import logging
import resource
import time

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from .player_texts import error_body, header_lang

log = logging.getLogger("berserk.connections")

_REASON = {408: b"Request Timeout", 431: b"Request Header Fields Too Large", 503: b"Service Unavailable"}
_CODE = {408: "header_timeout", 431: "header_too_large", 503: "too_many_connections"}


def _refusal(status: int, lang: str) -> bytes:
    """The whole HTTP answer refusing a head: the error shape of docs/server.md, its sentence in ``lang``."""
    body = json.dumps(error_body(lang, _CODE[status])).encode()
    return b"".join([b"HTTP/1.1 %d %s\r\n" % (status, _REASON[status]), b"content-type: application/json\r\n",
                     b"content-length: %d\r\n" % len(body), b"connection: close\r\n\r\n", body])


def head_lang(headers) -> str:
    """The language of a head read so far: ``headers`` are uvicorn's ``[(name, value)]`` bytes (None before any);
    its ``Accept-Language`` if that line came yet, else Russian."""
    for name, value in headers or ():
        if name.lower() == b"accept-language":
            return header_lang(value.decode("latin-1"))
    return "ru"


class _Warn:
    """At most one log line per kind every ``every`` seconds (a flood must not flood the log)."""

    def __init__(self, every: float = 10.0) -> None:
        self.every, self.last, self.count = every, {}, {}

    def __call__(self, kind: str, msg: str, *args) -> None:
        now = time.monotonic()
        self.count[kind] = self.count.get(kind, 0) + 1
        if now - self.last.get(kind, -self.every) >= self.every:
            log.warning(msg + " (%d since the last such line)", *args, self.count[kind])
            self.last[kind], self.count[kind] = now, 0


def guarded_protocol(max_header_bytes: int, header_timeout: float, max_heads_per_address: int,
                     exempt: frozenset = frozenset()):
    """A subclass of uvicorn's ``HttpToolsProtocol`` with these limits (module docstring); ``exempt``: addresses
    without the per-address limit (``Settings.per_address_exempt``)."""
    heads: dict[str, dict] = {}         # client address -> {protocol: None} reading a head now, oldest first
    warn = _Warn()

    class GuardedHttpToolsProtocol(HttpToolsProtocol):
        """uvicorn's HTTP protocol with the head limits of server/conn_guard.py."""

        def connection_made(self, transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._head_bytes, self._head_timer, self._counted = 0, None, False
            self._addr = self.client[0] if self.client else "?"
            mine = heads.get(self._addr, {})
            if len(mine) >= max_heads_per_address and self._addr not in exempt:
                warn("heads", "address %s holds %d connections reading a head; closing the oldest", self._addr,
                     max_heads_per_address)
                next(iter(mine))._refuse(503)
            self._begin_head()

        def _begin_head(self) -> None:
            self._head_bytes = 0
            if not self._counted:
                heads.setdefault(self._addr, {})[self] = None
                self._counted = True
            if self._head_timer is None:
                self._head_timer = self.loop.call_later(header_timeout, self._head_too_slow)

        def _end_head(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None
            if self._counted:
                self._counted = False
                mine = heads.get(self._addr, {})
                mine.pop(self, None)
                if not mine:
                    heads.pop(self._addr, None)

        def _refuse(self, status: int) -> None:
            self._end_head()
            if not self.transport.is_closing():
                self.transport.write(_refusal(status, head_lang(getattr(self, "headers", None))))
                self.transport.close()

        def _head_too_slow(self) -> None:
            self._head_timer = None
            warn("slow", "a request head from %s took more than %g s; closed", self._addr, header_timeout)
            self._refuse(408)

        def data_received(self, data: bytes) -> None:
            if self.transport.is_closing():
                return
            if self._head_timer is not None or self._counted:
                self._head_bytes += len(data)
                if self._head_bytes > max_header_bytes:
                    warn("big", "a request head from %s passed %d bytes; closed", self._addr, max_header_bytes)
                    self._refuse(431)
                    return
            elif self.cycle is None or self.cycle.response_complete:
                self._begin_head()                  # the first bytes of the next request on a kept-alive connection
                self._head_bytes = len(data)
            super().data_received(data)

        def on_headers_complete(self) -> None:
            self._end_head()
            super().on_headers_complete()

        def connection_lost(self, exc) -> None:
            self._end_head()
            super().connection_lost(exc)

    GuardedHttpToolsProtocol.heads = heads      # type: ignore[attr-defined]  (tests read it)
    return GuardedHttpToolsProtocol


def raise_open_files() -> int:
    """Raise the soft limit on open files (RLIMIT_NOFILE) to the hard limit; returns the soft limit in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY else 1 << 20, hard))
        except (ValueError, OSError):
            pass
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]
