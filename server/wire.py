"""Thin adapter between the server and ``protocol/`` (frame codec, diffs, error and close codes).

The server only uses the names below, so the protocol package can evolve behind them.
"""
from __future__ import annotations

import msgpack

# Close codes (protocol/errors.py CLOSE_CODES; docs/protocol.md "Close codes").
CLOSE_SUPERSEDED = 4002
CLOSE_SLOW = 4003
CLOSE_ROOM_NOT_FOUND = 4004
CLOSE_UNAUTHORIZED = 4005
CLOSE_ABUSE = 4006
CLOSE_RATE_LIMITED = 4007
CLOSE_JOIN_TIMEOUT = 4008
CLOSE_UNSUPPORTED = 4009
CLOSE_ROOM_CLOSED = 4010
CLOSE_SERVER_FULL = 1013     # RFC 6455 "try again later"
CLOSE_RESTART = 1012         # RFC 6455 "service restart" (graceful shutdown)


class WireError(Exception):
    """A client frame the server refuses: ``code`` (protocol error code) and ``msg`` (one sentence)."""

    def __init__(self, code: str, msg: str):
        super().__init__(f"{code}: {msg}")
        self.code, self.msg = code, msg


def encode(frame: dict) -> bytes:
    """A server frame (dict with ``"t"``) as msgpack bytes."""
    return msgpack.packb(frame, use_bin_type=True)


def decode_client(data: bytes, max_frame: int) -> dict:
    """Decode and validate one client frame; returns the frame map. Raises WireError (never anything else)."""
    if len(data) > max_frame:
        raise WireError("frame_too_large", "The frame is larger than the protocol allows for client frames.")
    try:
        d = msgpack.unpackb(data, max_map_len=64, max_array_len=256, max_str_len=4096, max_bin_len=0,
                            max_ext_len=0)
    except Exception:
        raise WireError("malformed_frame", "The frame is not a msgpack map within the protocol's limits.") from None
    if type(d) is not dict or type(d.get("t")) is not str:
        raise WireError("malformed_frame", "The frame is not a map with a string 't'.")
    return d


def diff(old: dict, new: dict) -> list:
    """Ops turning ``old`` into ``new`` (top-level replace/remove; fallback until protocol/diff.py)."""
    ops = []
    for k, val in new.items():
        if k not in old or old[k] != val:
            ops.append({"op": "set", "path": [k], "value": val})
    for k in old:
        if k not in new:
            ops.append({"op": "del", "path": [k]})
    return ops


def engine_error_code(engine_code: str) -> str:
    """Protocol error code for an engine error code (protocol/errors.py ``engine_error_code``)."""
    return engine_code if engine_code in ("not_your_turn", "game_over") else "illegal_action"


def error_text(code: str) -> str:
    """The standard sentence for a protocol error code."""
    return code.replace("_", " ").capitalize() + "."


def apply(view: dict, ops: list) -> dict:
    """A new view: ``ops`` from :func:`diff` applied to ``view`` (for clients and tests)."""
    out = dict(view)
    for op in ops:
        if op["op"] == "set":
            out[op["path"][0]] = op["value"]
        else:
            out.pop(op["path"][0], None)
    return out
