"""Thin adapter between the server and ``protocol/``: the codec, the close codes and two server-only codes.

Everything else (messages, diffs, versions, the abuse guard) the server imports from ``protocol`` directly.
"""
from __future__ import annotations

from protocol import ProtocolError, decode_client
from protocol.codec import encode
from protocol.errors import (CLOSE_ABUSE, CLOSE_JOIN_TIMEOUT, CLOSE_RATE_LIMITED, CLOSE_REMATCH_DECLINED,
                             CLOSE_ROOM_CLOSED, CLOSE_ROOM_NOT_FOUND, CLOSE_SEAT_REPLACED, CLOSE_SLOW,
                             CLOSE_SUPERSEDED, CLOSE_UNAUTHORIZED, CLOSE_UNSUPPORTED)

#: Close codes the protocol package does not define (standard RFC 6455 codes).
CLOSE_SERVER_FULL = 1013     # "try again later": the process holds max_connections sockets
CLOSE_RESTART = 1012         # "service restart": graceful shutdown, reconnect
CLOSE_POLICY = 1008          # "policy violation": a websocket upgrade from an origin that is not allowed

__all__ = ["encode", "decode_client", "ProtocolError", "CLOSE_ABUSE", "CLOSE_JOIN_TIMEOUT", "CLOSE_RATE_LIMITED",
           "CLOSE_REMATCH_DECLINED", "CLOSE_ROOM_CLOSED", "CLOSE_ROOM_NOT_FOUND", "CLOSE_SEAT_REPLACED", "CLOSE_SLOW",
           "CLOSE_SUPERSEDED", "CLOSE_UNAUTHORIZED", "CLOSE_UNSUPPORTED", "CLOSE_SERVER_FULL", "CLOSE_RESTART",
           "CLOSE_POLICY"]
