"""Browser-facing security hygiene (docs/operations.md "What production must set"):

* :class:`SecurityHeaders` (ASGI middleware) adds to every HTTP answer a Content-Security-Policy (:data:`CSP`: only
  this origin's scripts, styles, images, connections; no framing), ``X-Frame-Options: DENY``,
  ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: no-referrer``; every ``/api/`` answer (some carry a
  seat token or a player secret) gets ``Cache-Control: no-store``. It also throttles failed authentication
  (:class:`server.auth_throttle.AuthThrottle`): a request carrying credentials from an address, or for a target,
  with too many recent failures is answered 429 ``auth_limited`` (in the request's language) without being handled,
  and each 401 answer counts
  as a failure of its address and of its target (the player id of ``Authorization: Bearer <id>:<secret>``).
* :func:`origin_allowed`: a websocket upgrade whose ``Origin`` is not allowed is refused (403) before it is
  accepted. ``settings.allowed_origins`` (comma-separated origins, ``*`` for any) lists the allowed ones; empty (the
  default) allows the server's own origin only (the ``Origin``'s host and port equal the ``Host`` header). An
  upgrade without ``Origin`` (not a browser: the bots, the tests) is allowed: the check protects browsers against
  cross-site websocket hijacking.
"""
from __future__ import annotations

import json
from urllib.parse import urlsplit

from .auth_throttle import AuthThrottle
from .player_texts import error_body, scope_lang

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
       "frame-ancestors 'none'; form-action 'self'")
HEADERS = [(b"content-security-policy", CSP.encode()), (b"x-frame-options", b"DENY"),
           (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer")]
NO_STORE = (b"cache-control", b"no-store")


def _header(scope, name: bytes) -> str:
    for k, v in scope.get("headers") or ():
        if k == name:
            return v.decode("latin-1")
    return ""


def bearer_target(scope) -> str:
    """The player id an ``Authorization: Bearer <id>:<secret>`` header names ("" without one)."""
    scheme, _, cred = _header(scope, b"authorization").partition(" ")
    return cred.strip().partition(":")[0][:64] if scheme.lower() == "bearer" else ""


class SecurityHeaders:
    """ASGI middleware (module docstring); ``throttle``: the process's :class:`AuthThrottle`."""

    def __init__(self, app, throttle: AuthThrottle | None = None, exempt: frozenset = frozenset()) -> None:
        self.app, self.throttle, self.exempt = app, throttle or AuthThrottle(), exempt

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        api = scope.get("path", "").startswith("/api/")
        address = (scope.get("client") or ("?",))[0]
        address = "" if address in self.exempt else address
        target = bearer_target(scope)
        if target and self.throttle.blocked(address, "player:" + target):
            body = json.dumps(error_body(scope_lang(scope), "auth_limited")).encode()
            await send({"type": "http.response.start", "status": 429,
                        "headers": HEADERS + [NO_STORE, (b"content-type", b"application/json"),
                                              (b"retry-after", b"60"),
                                              (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})
            return

        async def secured(message) -> None:
            if message["type"] == "http.response.start":
                headers = [h for h in message.get("headers", []) if h[0].lower() != b"cache-control" or not api]
                headers += HEADERS + ([NO_STORE] if api else [])
                message = dict(message, headers=headers)
                if message["status"] == 401 and target:
                    self.throttle.failed(address, "player:" + target)
            await send(message)
        await self.app(scope, receive, secured)


def origin_allowed(ws, settings) -> bool:
    """Whether the websocket upgrade ``ws`` (Starlette WebSocket) may be accepted (module docstring)."""
    origin = ws.headers.get("origin")
    if not origin:
        return True
    allowed = [o.strip().rstrip("/") for o in (getattr(settings, "allowed_origins", "") or "").split(",") if o.strip()]
    if "*" in allowed or origin.rstrip("/") in allowed:
        return True
    if allowed:
        return False
    host = ws.headers.get("host", "")
    return bool(host) and urlsplit(origin).netloc.lower() == host.lower()
