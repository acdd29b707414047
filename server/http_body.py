"""The one reader of JSON request bodies: every JSON endpoint reads its body with :func:`read_json`.

The body is capped while it streams (a larger ``Content-Length`` is refused before a byte is read; a body without
one is cut off at the cap), the whole read has a deadline (a client announcing more bytes than it sends is
answered, not waited for), and the parsed document may nest at most ``MAX_DEPTH`` levels. Refusals raise
:class:`BodyError`, which the app turns into the error shape of docs/server.md (``{"error": code, "message":
sentence}``) through :func:`body_error_response` (registered in server/app.py), so an endpoint needs no try block:

    body = await read_json(request, allowed={"name"})     # -> dict

| status | code | when |
|---|---|---|
| 413 | ``body_too_large`` | more than ``settings.max_body`` bytes (announced or sent) |
| 408 | ``body_timeout`` | the body did not arrive within ``settings.body_timeout`` seconds |
| 400 | ``bad_request`` | not UTF-8 JSON, not an object, nested deeper than ``MAX_DEPTH``, a lone surrogate (``"\ud800"``), or a field outside ``allowed`` |
"""
from __future__ import annotations

import asyncio
import json
from typing import Iterable

from starlette.requests import Request
from starlette.responses import JSONResponse

MAX_BODY = 16384          # bytes, when the app has no settings
BODY_TIMEOUT = 5.0        # s, when the app has no settings
MAX_DEPTH = 32            # nesting levels of arrays and objects in a body


class BodyError(Exception):
    """A refused request body: HTTP ``status``, error ``code``, the sentence key ``text`` (server/error_texts.py)
    and its ``values``; :meth:`message` is the sentence in a language, ``str(e)`` the English one (logs)."""

    def __init__(self, status: int, code: str, text: str, **values) -> None:
        self.status, self.code, self.text, self.values = status, code, text, values
        super().__init__(f"{status} {code}: {self.message('en')}")

    def message(self, lang: str) -> str:
        """The sentence in ``lang`` ("ru" | "en")."""
        from .player_texts import sentence
        return sentence(lang, self.text, **self.values)


async def body_error_response(request: Request, exc: BodyError) -> JSONResponse:
    """Starlette exception handler: the docs/server.md error shape for a :class:`BodyError`, in the request's
    language."""
    from .player_texts import refuse
    return refuse(request, exc.status, exc.code, exc.text, **exc.values)


def _limits(request: Request) -> tuple[int, float]:
    hub = getattr(request.app.state, "hub", None)
    settings = getattr(hub, "settings", None)
    return (int(getattr(settings, "max_body", MAX_BODY)), float(getattr(settings, "body_timeout", BODY_TIMEOUT)))


async def read_body(request: Request, max_bytes: int | None = None, timeout: float | None = None) -> bytes:
    """The raw body, at most ``max_bytes`` (default ``settings.max_body``) read within ``timeout`` seconds (default
    ``settings.body_timeout``). Raises BodyError 413 / 408."""
    cap, deadline = _limits(request)
    cap = cap if max_bytes is None else max_bytes
    deadline = deadline if timeout is None else timeout
    too_large = BodyError(413, "body_too_large", "body_too_large", cap=cap)
    announced = request.headers.get("content-length")
    if announced is not None:
        try:
            if int(announced) > cap:
                raise too_large
        except ValueError:
            raise BodyError(400, "bad_request", "bad_content_length") from None
    chunks, size = [], 0
    try:
        async with asyncio.timeout(deadline):
            async for chunk in request.stream():
                size += len(chunk)
                if size > cap:
                    raise too_large
                chunks.append(chunk)
    except TimeoutError:
        raise BodyError(408, "body_timeout", "body_timeout", seconds=f"{deadline:g}") from None
    return b"".join(chunks)


def _depth(doc) -> int:
    """Nesting depth of a parsed JSON document (a scalar is 0), computed without recursion."""
    deepest, stack = 0, [(doc, 1)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, dict):
            node = node.values()
        elif not isinstance(node, list):
            continue
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in node if isinstance(child, (dict, list)))
    return deepest


def parse_json(raw: bytes, max_depth: int = MAX_DEPTH):
    """The JSON document in ``raw`` (UTF-8). Raises BodyError 400 ``bad_request`` for invalid JSON or nesting deeper
    than ``max_depth`` (also when the parser itself would recurse too deep)."""
    try:
        doc = json.loads(raw)
    except RecursionError:
        raise BodyError(400, "bad_request", "body_too_deep", depth=max_depth) from None
    except (ValueError, UnicodeDecodeError):
        raise BodyError(400, "bad_request", "body_not_json") from None
    if _depth(doc) > max_depth:
        raise BodyError(400, "bad_request", "body_too_deep", depth=max_depth)
    try:        # a JSON escape of a lone surrogate ("\ud800") parses, but no store or encoder takes it
        json.dumps(doc, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise BodyError(400, "bad_request", "body_lone_surrogate") from None
    return doc


async def read_json(request: Request, allowed: Iterable[str] | None = None, *, max_bytes: int | None = None,
                    timeout: float | None = None) -> dict:
    """The JSON object of a request body ({} when the body is empty or blank).

    ``allowed``: the field names the endpoint knows; any other field is refused (so e.g. a client-chosen ``seed``
    is refused, not silently ignored). None = any field. ``max_bytes`` / ``timeout`` override the settings. Raises
    BodyError (413 ``body_too_large``, 408 ``body_timeout``, 400 ``bad_request``)."""
    raw = await read_body(request, max_bytes, timeout)
    if not raw.strip():
        return {}
    body = parse_json(raw)
    if not isinstance(body, dict):
        raise BodyError(400, "bad_request", "body_not_object")
    if allowed is not None:
        known = frozenset(allowed)
        unknown = sorted(k for k in body if k not in known)
        if unknown:
            raise BodyError(400, "bad_request", "unknown_field", field=unknown[0][:40],
                            fields=", ".join(sorted(known)))
    return body
