"""Idempotency keys of the requests that create a room (docs/server.md "Idempotency keys").

A client names one intent (one click) with a header ``Idempotency-Key: <key>`` (1-64 of ``A-Z a-z 0-9 _ -``; a UUID
fits). A request repeated with the same key by the same requester (the signed-in player, else the client address)
within ``TTL`` seconds gets the first one's answer again (same room, same seat token) and creates nothing; while the
first one is still being answered, the repeat waits for it. Only a success (2xx) is kept: a refused or failed
request may be sent again with its key and is answered anew. The same key with another request (another body or
another endpoint) is refused 422 ``idempotency_key_reused``; a malformed key 400 ``bad_request``
``bad_idempotency_key``. Without the header nothing changes.

The keys live in the memory of the answering process (:class:`KeyedAnswers`, at most ``MAX_KEYS``, the oldest forgotten
first): with several processes a repeat is recognised when it reaches the same process (docs/scaling.md).

Interface: :func:`key_of` (the header, validated), :meth:`KeyedAnswers.answer` (run or replay), :func:`answers_of` (the
hub's book).
"""
from __future__ import annotations

import asyncio
import hashlib
import json
import re
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Awaitable, Callable

from starlette.requests import Request
from starlette.responses import Response

from .player_texts import Refusal, refuse

HEADER = "idempotency-key"
KEY_RE = re.compile(r"[A-Za-z0-9_-]{1,64}")
TTL = 600.0           # s an answer is kept for a repeat of its key
MAX_KEYS = 10000      # keys kept at most per process


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


def fingerprint(request: Request, body: dict) -> str:
    """What makes two requests the same request: the method, the path and the parsed body (key order aside)."""
    text = json.dumps([request.method, request.url.path, body], sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass
class _Entry:
    fingerprint: str
    created: float                              # monotonic s
    done: asyncio.Future = field(repr=False)    # set once the first request is answered
    answer: tuple[int, bytes] | None = None     # (status, JSON body) of a success


class KeyedAnswers:
    """The answers of keyed requests, per requester and key, kept ``ttl`` seconds (at most ``max_keys`` of them)."""

    def __init__(self, ttl: float = TTL, max_keys: int = MAX_KEYS) -> None:
        self.ttl, self.max_keys = ttl, max_keys
        self.entries: OrderedDict[tuple[str, str], _Entry] = OrderedDict()

    def _prune(self, now: float) -> None:
        while self.entries:
            first = next(iter(self.entries.values()))
            if now - first.created < self.ttl and len(self.entries) <= self.max_keys:
                break
            self.entries.popitem(last=False)

    async def answer(self, request: Request, who: str, key: str | None, body: dict,
                     make: Callable[[], Awaitable[Response]]) -> Response:
        """The answer to a request of requester ``who`` (a player id or an address) with ``key`` and parsed
        ``body``: ``make()``'s (which creates), or the kept answer of an earlier request with that key and the
        same fingerprint; 422 ``idempotency_key_reused`` when the key came with another request. Without a key,
        ``make()``."""
        if key is None:
            return await make()
        slot, mine = (who, key), fingerprint(request, body)
        while True:
            self._prune(time.monotonic())
            entry = self.entries.get(slot)
            if entry is None:
                break
            if entry.fingerprint != mine:
                return refuse(request, 422, "idempotency_key_reused")
            if entry.answer is not None:
                status, content = entry.answer
                return Response(content, status_code=status, media_type="application/json")
            await asyncio.shield(entry.done)     # the first request is being answered: then look again
        entry = _Entry(mine, time.monotonic(), asyncio.get_running_loop().create_future())
        self.entries[slot] = entry
        try:
            response = await make()
            if 200 <= response.status_code < 300:
                entry.answer = (response.status_code, bytes(response.body))
        finally:
            if entry.answer is None and self.entries.get(slot) is entry:
                del self.entries[slot]
            entry.done.set_result(None)
        return response


def answers_of(hub) -> KeyedAnswers:
    """The hub's book of keyed answers (made on first use)."""
    book = getattr(hub, "keyed_answers", None)
    if book is None:
        book = hub.keyed_answers = KeyedAnswers()
    return book
