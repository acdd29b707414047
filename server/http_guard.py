"""The HTTP guard (a pure ASGI middleware): no request is answered with a plain-text 500, and no path or query
carrying a control character reaches a handler.

* A path or query string holding a NUL or another C0 control character (``%00`` in a room id) is refused with 400
  ``bad_request`` before routing: such a value is never an id, and PostgreSQL refuses NUL in text.
* An exception a handler lets escape is answered in the error shape of docs/server.md (``{"error", "message"}``):
  :class:`server.store.StoreError` 400 with its code (``unavailable``: 503); a database refusing a value
  (SQLAlchemy ``DataError``) 400 ``bad_request``; a database that cannot be reached or written (other
  ``DBAPIError``, ``OSError``, BusError ``unavailable``) 503 ``unavailable``; anything else, a bug, 500
  ``internal_error`` with the exception logged. A response already started is left to the server.

Every sentence is in the request's language (``Accept-Language``; server/player_texts.py).
"""
from __future__ import annotations

import json
import logging
import re

from sqlalchemy.exc import DataError, DBAPIError
from starlette.responses import JSONResponse

from .bus.interfaces import BusError
from .player_texts import error_body, scope_lang
from .store import StoreError

log = logging.getLogger("berserk.http")

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def classify(exc: BaseException) -> tuple[int, str, str]:
    """(status, code, sentence key of server/error_texts.py) of an exception that escaped a handler (module
    docstring)."""
    if isinstance(exc, StoreError):
        if exc.code == "unavailable":
            return 503, "unavailable", "db_unavailable"
        return 400, exc.code, exc.code if exc.code == "name_taken" else "store_refused"
    if isinstance(exc, DataError):
        return 400, "bad_request", "bad_value"
    if isinstance(exc, (DBAPIError, OSError)) or isinstance(exc, BusError) and exc.code == "unavailable":
        return 503, "unavailable", "db_unavailable"
    return 500, "internal_error", "internal_error"


async def _answer(send, scope, status: int, code: str, text: str) -> None:
    body = json.dumps(error_body(scope_lang(scope), code, text)).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"cache-control", b"no-store")]})
    await send({"type": "http.response.body", "body": body})


async def no_such_endpoint(request) -> JSONResponse:
    """Any ``/api/...`` address no route serves: 404 ``not_found`` in the error shape (not the static files' page)."""
    from .player_texts import refuse
    return refuse(request, 404, "not_found")


class HttpGuard:
    """ASGI middleware over the app (module docstring); websocket and lifespan scopes pass through."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if _CONTROL.search(scope.get("path", "")) or _CONTROL.search(
                scope.get("query_string", b"").decode("latin-1").replace("%00", "\x00")):
            await _answer(send, scope, 400, "bad_request", "control_character")
            return
        started = False

        async def watched(message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)
        try:
            await self.app(scope, receive, watched)
        except Exception as exc:
            if started:
                raise
            status, code, text = classify(exc)
            if status == 500:
                log.exception("%s %s failed", scope.get("method"), scope.get("path"))
            else:
                log.warning("%s %s: %s (%s)", scope.get("method"), scope.get("path"), code, type(exc).__name__)
            await _answer(send, scope, status, code, text)
