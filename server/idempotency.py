"""Idempotency keys of the requests that create a room (docs/server.md "Idempotency keys").

A client names one intent (one click) with a header ``Idempotency-Key: <key>`` (1-64 of ``A-Z a-z 0-9 _ -``; a UUID
fits). A request repeated with the same key by the same requester (the signed-in player, else the client address)
within ``TTL`` seconds gets the first one's answer again (same room, same seat token) and creates nothing; while the
first one is still being answered, the repeat waits for it (at most ``WAIT`` seconds, then 409
``idempotency_key_busy``). Only a success (2xx) is kept: a refused or failed request may be sent again with its key
and is answered anew. The same key with another request (another body or another endpoint) is refused 422
``idempotency_key_reused``; a malformed key 400 ``bad_request`` ``bad_idempotency_key``. Without the header nothing
changes.

Where the records live: the bus's shared records when it has them (Redis: every process of the service sees a key,
server/bus/redis/keyed.py), else this process's memory (:class:`MemoryKeyedRecords`, at most ``MAX_KEYS``, the
oldest forgotten first). A record is ``{"f": fingerprint}`` while its first request is answered (kept ``PENDING``
seconds at most, so a process that died meanwhile blocks no repeat for long), then ``{"f", "s": status, "b": the
JSON body sealed with the key}``: the answer holds a seat token, and the records never hold one readable without the
key, which only the client has (the slot is a digest of requester and key; seat tokens are stored only as digests).

Interface: :func:`key_of` (the header, validated), :meth:`KeyedAnswers.answer` (run or replay), :func:`answers_of` (the
hub's).
"""
from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import re
import time
from collections import OrderedDict
from typing import Awaitable, Callable, Protocol

from starlette.requests import Request
from starlette.responses import Response

from .bus import BusError
from .player_texts import Refusal, refuse

log = logging.getLogger("berserk.idempotency")

HEADER = "idempotency-key"
KEY_RE = re.compile(r"[A-Za-z0-9_-]{1,64}")
TTL = 600.0           # s an answer is kept for a repeat of its key
PENDING = 60.0        # s a request being answered holds its key at most
WAIT = 30.0           # s a repeat waits for the first request's answer
POLL = 0.05           # s between two looks at a key still being answered
MAX_KEYS = 10000      # keys kept at most in one process's memory


def key_of(request: Request) -> str | None:
    """The request's ``Idempotency-Key`` header, or None without one. Raises :class:`Refusal` ``bad_request``
    ``bad_idempotency_key`` for a key that is empty, longer than 64 characters or holds another character than
    ``A-Z a-z 0-9 _ -`` (also for the header given twice)."""
    values = request.headers.getlist(HEADER)
    if not values:
        return None
    if len(values) != 1 or not KEY_RE.fullmatch(values[0]):
        raise Refusal("bad_idempotency_key")
    return values[0]


def seal(key: str, data: bytes) -> bytes:
    """``data`` XOR a SHAKE-256 stream of ``key`` (its own inverse: ``seal(key, seal(key, d)) == d``). Each key seals
    one answer only (a slot is written once per key), so the stream is never reused."""
    stream = hashlib.shake_256(b"berserk idempotent answer\n" + key.encode()).digest(len(data))
    return bytes(a ^ b for a, b in zip(data, stream))


def fingerprint(request: Request, body: dict) -> str:
    """What makes two requests the same request: the method, the path and the parsed body (key order aside)."""
    text = json.dumps([request.method, request.url.path, body], sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


class KeyedRecords(Protocol):
    """Where the records live. ``claim(slot, record, ttl) -> None`` (stored: the slot was free) or the record held
    (``{}``: it just expired); ``keep(slot, record, ttl)`` replaces it; ``drop(slot)`` forgets it. Shared records
    raise ``BusError("unavailable")`` while their backend cannot be reached."""

    async def claim(self, slot: str, record: dict, ttl: float) -> dict | None: ...

    async def keep(self, slot: str, record: dict, ttl: float) -> None: ...

    async def drop(self, slot: str) -> None: ...


class MemoryKeyedRecords:
    """:class:`KeyedRecords` in this process's memory: at most ``max_keys``, the oldest forgotten first."""

    def __init__(self, max_keys: int = MAX_KEYS) -> None:
        self.max_keys = max_keys
        self.records: OrderedDict[str, tuple[float, dict]] = OrderedDict()    # slot -> (expiry, monotonic s; record)

    def _prune(self, now: float) -> None:
        for slot in [s for s, (until, _) in self.records.items() if until <= now]:
            del self.records[slot]
        while len(self.records) > self.max_keys:
            self.records.popitem(last=False)

    async def claim(self, slot: str, record: dict, ttl: float) -> dict | None:
        now = time.monotonic()
        self._prune(now)
        held = self.records.get(slot)
        if held is not None:
            return held[1]
        self.records[slot] = (now + ttl, record)
        return None

    async def keep(self, slot: str, record: dict, ttl: float) -> None:
        self.records[slot] = (time.monotonic() + ttl, record)

    async def drop(self, slot: str) -> None:
        self.records.pop(slot, None)


class KeyedAnswers:
    """The answers of keyed requests over ``records`` (:class:`KeyedRecords`)."""

    def __init__(self, records: KeyedRecords) -> None:
        self.records = records

    async def answer(self, request: Request, who: str, key: str | None, body: dict,
                     make: Callable[[], Awaitable[Response]]) -> Response:
        """The answer to a request of requester ``who`` (a player id or an address) with ``key`` and parsed
        ``body``: ``make()``'s (which creates), or the kept answer of an earlier request with that key and the
        same fingerprint; 422 ``idempotency_key_reused`` when the key came with another request, 409
        ``idempotency_key_busy`` when the first is still being answered after ``WAIT`` s, 503
        ``backend_unavailable`` while shared records cannot be reached. Without a key, ``make()``."""
        if key is None:
            return await make()
        slot = hashlib.sha256(f"{who}\n{key}".encode()).hexdigest()
        mine, deadline = fingerprint(request, body), time.monotonic() + WAIT
        try:
            while (held := await self.records.claim(slot, {"f": mine}, PENDING)) is not None:
                if held.get("f", mine) != mine:
                    return refuse(request, 422, "idempotency_key_reused")
                if "s" in held:
                    return Response(seal(key, bytes.fromhex(held["b"])), status_code=held["s"],
                                    media_type="application/json")
                if time.monotonic() > deadline:
                    return refuse(request, 409, "idempotency_key_busy")
                await asyncio.sleep(POLL)     # the first request is being answered
        except BusError:
            return refuse(request, 503, "backend_unavailable")
        kept = False
        try:
            response = await make()
            if 200 <= response.status_code < 300:
                try:
                    await self.records.keep(slot, {"f": mine, "s": response.status_code,
                                                   "b": seal(key, bytes(response.body)).hex()}, TTL)
                    kept = True
                except BusError as e:        # the answer could not be kept: it is given all the same
                    log.warning("an answer to a keyed request was not kept: %s", e)
        finally:
            if not kept:
                try:
                    await self.records.drop(slot)
                except BusError:
                    pass            # the claim expires after PENDING s
        return response


def answers_of(hub) -> KeyedAnswers:
    """The hub's keyed answers (made on first use): over the bus's shared records, else this process's memory."""
    book = getattr(hub, "keyed_answers", None)
    if book is None:
        book = hub.keyed_answers = KeyedAnswers(hub.bus.keyed_records() or MemoryKeyedRecords())
    return book
