"""Stable protocol error codes and websocket close codes (docs/protocol.md "Errors" and "Close codes").

An error frame (``{"t": "error", ...}``) answers one bad client frame and leaves the connection open; a close code
ends the connection. Codes are snake_case strings that never change meaning; sentences are English and may be
reworded. Engine rejections (``engine.EngineError``) are mapped by :func:`engine_error_code`.
"""
from __future__ import annotations

#: Error code -> the sentence sent in ``msg`` (unless a more specific sentence is given).
ERRORS: dict[str, str] = {
    "malformed_frame": "The frame is not a msgpack map within the protocol's size, length and depth limits, "
                       "or a field has the wrong type.",
    "frame_too_large": "The frame is larger than the protocol allows for client frames.",
    "unknown_message": "The frame's 't' names no client message type.",
    "unsupported_protocol": "The protocol version 'pv' is not supported by this server.",
    "not_joined": "Join a room before sending this message.",
    "already_joined": "This connection has already joined a room.",
    "room_not_found": "No room with this id exists (or it has expired).",
    "unauthorized": "The seat token is not valid for this room.",
    "seat_taken": "This seat is already held by another connection of a different player.",
    "not_a_player": "Spectators cannot send actions.",
    "not_your_turn": "The game is not waiting for this player.",
    "illegal_action": "The rules do not allow this action now (see 'engine' for the engine's code).",
    "game_over": "The game has ended; nothing more can be applied.",
    "stale": "The action was built on an older version; apply the newer frames (or resync) and retry.",
    "rate_limited": "Too many frames; slow down.",
    "internal_error": "The server failed to handle this frame; the room state is unchanged.",
    "bad_message": "The chat message is empty, too long or holds control characters.",
    "chat_limited": "Too many chat messages; wait a few seconds.",
    "unavailable": "The room cannot be reached right now (the server is busy or its backend is down); retry shortly.",
}

#: Private-use websocket close codes (RFC 6455 §7.4.1 reserves 4000-4999 for applications) -> reason sentence.
#: Browsers may only send 1000 or 3000-4999 themselves, so a client leaving uses 4001.
CLOSE_CODES: dict[int, str] = {
    4001: "left room",                                    # sent by a client that leaves on purpose
    4002: "superseded by a newer connection for the same seat",
    4003: "too slow: frames were dropped, reconnect and resync",
    4004: "room not found or expired",
    4005: "unauthorized",
    4006: "too many malformed or rejected frames",
    4007: "rate limit exceeded repeatedly",
    4008: "no join received in time",
    4009: "unsupported protocol version",
    4010: "room closed",
    4011: "rematch declined",                             # a rematch room closed before the deal: declined
    4012: "seat token replaced: the seat was claimed again, this connection's token is no longer valid",
}

CLOSE_LEFT = 4001
CLOSE_SUPERSEDED = 4002
CLOSE_SLOW = 4003
CLOSE_ROOM_NOT_FOUND = 4004
CLOSE_UNAUTHORIZED = 4005
CLOSE_ABUSE = 4006
CLOSE_RATE_LIMITED = 4007
CLOSE_JOIN_TIMEOUT = 4008
CLOSE_UNSUPPORTED = 4009
CLOSE_ROOM_CLOSED = 4010
CLOSE_REMATCH_DECLINED = 4011
CLOSE_SEAT_REPLACED = 4012

#: Engine error codes (engine/errors.py) -> protocol error code. Anything else maps to ``illegal_action``.
_ENGINE_MAP = {"not_your_turn": "not_your_turn", "game_over": "game_over"}


class ProtocolError(Exception):
    """A client frame the protocol refuses: ``code`` (a key of :data:`ERRORS`) and ``msg`` (one sentence).

    Raised by :func:`protocol.codec.decode_client` and the message validators; never carries client data beyond
    a short description of what was wrong.
    """

    def __init__(self, code: str, msg: str | None = None):
        if code not in ERRORS:
            raise ValueError(f"unknown protocol error code {code!r}")
        self.code = code
        self.msg = msg or ERRORS[code]
        super().__init__(f"{code}: {self.msg}")


def engine_error_code(engine_code: str) -> str:
    """The protocol error code for an ``EngineError.code``: ``not_your_turn`` and ``game_over`` keep their
    names, every other engine rejection (``malformed_action``, ``illegal_action``, ``unknown_card``, ...) becomes
    ``illegal_action`` (the error frame's ``engine`` field then carries the engine's own code)."""
    return _ENGINE_MAP.get(engine_code, "illegal_action")
