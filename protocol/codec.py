"""msgpack framing with explicit limits (docs/protocol.md "Frames and limits"; stack-notes §3).

:func:`decode_client` is the only entry point for bytes from a client: it never raises anything but
:class:`protocol.errors.ProtocolError`, whatever the input. :func:`encode` turns a message into one binary frame.
:func:`decode_server` reads server frames (for the browser-side tests, bots and load clients).
"""
from __future__ import annotations

import threading
from typing import Any

import msgpack

from .errors import ProtocolError
from .messages import CLIENT_TYPES, MAX_INT, SERVER_TYPES, Message
from .packed import default as _packed

#: Limits on anything a client sends. A client frame is a map of at most a few fields; an action is a small map.
MAX_CLIENT_FRAME = 8 * 1024      # bytes in one client frame
MAX_STR = 256                    # bytes in one string
MAX_ARRAY = 64                   # items in one array
MAX_MAP = 32                     # keys in one map
MAX_DEPTH = 6                    # nesting of maps/arrays (the frame map itself is depth 1)

_CLIENT_LIMITS = dict(max_str_len=MAX_STR, max_bin_len=0, max_array_len=MAX_ARRAY, max_map_len=MAX_MAP,
                      max_ext_len=0, raw=False, strict_map_key=True, use_list=True)
#: The same limits with strings as long as a client frame may be (:func:`_join_with_long_room`).
_LONG_ROOM_LIMITS = dict(_CLIENT_LIMITS, max_str_len=MAX_CLIENT_FRAME)


#: Each thread's msgpack packer for :func:`encode`: ``msgpack.packb`` makes (and allocates the buffer of) a new one
#: per call, the larger part of a diff frame's encoding; a packer is not to be shared between threads (frames are
#: also encoded in worker threads).
_packers = threading.local()


def encode(msg: Message) -> bytes:
    """One binary frame for ``msg`` (any message type): ``msgpack.packb(msg.to_wire())``; a
    :class:`protocol.packed.Packed` value inside is written as its plain value (the same bytes)."""
    try:
        pack = _packers.pack
    except AttributeError:
        pack = _packers.pack = msgpack.Packer(use_bin_type=True, default=_packed).pack
    return pack(msg.to_wire())


def _check_json_like(obj: Any) -> None:
    """Refuse anything but str-keyed maps, arrays, str, bounded int, bool and nil, nested at most MAX_DEPTH.

    Iterative (no recursion), so a deep structure cannot exhaust the Python stack.
    """
    stack = [(obj, 1)]
    while stack:
        x, depth = stack.pop()
        tx = type(x)
        if tx is dict or tx is list:
            if depth > MAX_DEPTH:
                raise ProtocolError("malformed_frame", f"The frame nests deeper than {MAX_DEPTH} levels.")
            if tx is dict:
                for k, v in x.items():
                    if type(k) is not str:
                        raise ProtocolError("malformed_frame", "Map keys must be strings.")
                    stack.append((v, depth + 1))
            else:
                stack.extend((v, depth + 1) for v in x)
        elif tx is int:
            if not -MAX_INT <= x <= MAX_INT:
                raise ProtocolError("malformed_frame", "Integers must lie within +-2**53.")
        elif x is not None and tx is not str and tx is not bool:
            raise ProtocolError("malformed_frame", "Only maps, arrays, strings, integers, booleans and nil are "
                                                   "accepted (no floats, binary or extension types).")


def _join_with_long_room(data: Any) -> dict | None:
    """The map of a join frame whose only string over :data:`MAX_STR` bytes is its ``room``, else None.

    Such a room names no room (room ids have at most 64 characters): the join is answered as one naming an unknown
    room (``room_not_found``, docs/protocol.md "Client frames"), not as a malformed frame. Called only for a frame
    the limited decoding refused; it decodes the frame again with every limit but the string length's, which the
    frame's own size bounds (:data:`MAX_CLIENT_FRAME`)."""
    try:
        obj = msgpack.unpackb(data, **_LONG_ROOM_LIMITS)
    except Exception:
        return None
    if type(obj) is not dict or obj.get("t") != "join" or type(obj.get("room")) is not str:
        return None
    rest = [v for k, v in obj.items() if k != "room"] + list(obj)
    while rest:
        x = rest.pop()
        if type(x) is str and len(x.encode()) > MAX_STR:
            return None
        if type(x) is dict:
            rest.extend(x)
            rest.extend(x.values())
        elif type(x) is list:
            rest.extend(x)
    return obj


def _decode_client(data: Any) -> Message:
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise ProtocolError("malformed_frame", "Frames must be binary msgpack, not text.")
    if len(data) > MAX_CLIENT_FRAME:
        raise ProtocolError("frame_too_large",
                            f"The frame has {len(data)} bytes; client frames may have at most {MAX_CLIENT_FRAME}.")
    try:
        obj = msgpack.unpackb(data, **_CLIENT_LIMITS)
    except Exception:            # ValueError, ExtraData, FormatError, StackError, UnicodeDecodeError, ...
        obj = _join_with_long_room(data)
        if obj is None:
            raise ProtocolError("malformed_frame", "The frame is not one valid msgpack value within the limits.") \
                from None
    if type(obj) is not dict:
        raise ProtocolError("malformed_frame", "A frame must be a msgpack map.")
    _check_json_like(obj)
    t = obj.get("t")
    cls = CLIENT_TYPES.get(t) if type(t) is str else None
    if cls is None:
        if type(t) is str and t in SERVER_TYPES:
            raise ProtocolError("unknown_message", f"{t!r} is a server message; clients cannot send it.")
        raise ProtocolError("unknown_message")
    return cls.from_wire(obj, strict=True)


def decode_client(data: Any) -> Message:
    """Decode and validate one client frame: a Join, Action, Resync or Ping.

    ``data``: the websocket message payload (bytes expected; text or anything else is refused).
    Raises ProtocolError with code ``frame_too_large``, ``malformed_frame``, ``unknown_message``,
    ``unsupported_protocol`` or ``room_not_found`` (a join naming a room id no room can have); never any other
    exception (an unexpected failure becomes ``malformed_frame``).
    """
    try:
        return _decode_client(data)
    except ProtocolError:
        raise
    except Exception:            # defensive: nothing a client sends may escape as another exception
        raise ProtocolError("malformed_frame") from None


def decode_server(data: bytes) -> Message:
    """Decode one server frame (Sync, Diff, Clocks, Error, End, Pong or Chat) with msgpack's default limits.

    For trusted peers (tests, bots, load clients). Raises ProtocolError (``malformed_frame``,
    ``unknown_message``) for anything that is not a valid server frame.
    """
    try:
        obj = msgpack.unpackb(data, raw=False)
    except Exception:
        raise ProtocolError("malformed_frame", "The frame is not one valid msgpack value.") from None
    if type(obj) is not dict:
        raise ProtocolError("malformed_frame", "A frame must be a msgpack map.")
    cls = SERVER_TYPES.get(obj.get("t")) if type(obj.get("t")) is str else None
    if cls is None:
        raise ProtocolError("unknown_message")
    return cls.from_wire(obj, strict=False)
