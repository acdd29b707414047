"""Typed protocol messages (docs/protocol.md "Messages").

Every frame on the wire is a msgpack map whose key ``"t"`` names its type. Each type below is a frozen dataclass
with ``to_wire()`` (the map, every field present, None where absent) and ``from_wire(d)`` (validates a decoded map
and returns the instance, or raises :class:`protocol.errors.ProtocolError`). Client frames are validated strictly:
unknown keys, missing keys and wrong types are ``malformed_frame``; server frames are validated for shape only.

Client -> server: :class:`Join`, :class:`Action`, :class:`Resync`, :class:`Ping`, :class:`Say`.
Server -> client: :class:`Sync`, :class:`Diff`, :class:`Error`, :class:`End`, :class:`Pong`, :class:`Chat`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from .errors import ERRORS, ProtocolError

PROTOCOL_VERSION = 1
MAX_INT = 2 ** 53          # ints outside [-MAX_INT, MAX_INT] are refused (they do not survive JavaScript numbers)
ROOM_RE = re.compile(r"[A-Za-z0-9_-]{1,64}")
ID_RE = re.compile(r"[\x21-\x7e]{1,64}")     # printable ASCII, no space


def _bad(field: str, what: str) -> ProtocolError:
    return ProtocolError("malformed_frame", f"Field {field!r} must be {what}.")


def _is_int(x: Any) -> bool:
    return type(x) is int and -MAX_INT <= x <= MAX_INT


def _int(field: str, x: Any, lo: int = 0) -> int:
    if not _is_int(x) or x < lo:
        raise _bad(field, f"an integer >= {lo}")
    return x


def _opt(check, field: str, x: Any):
    return None if x is None else check(field, x)


def _room(field: str, x: Any) -> str:
    """A room id: a string that is no room id (not 1-64 characters from A-Z a-z 0-9 _ -) names no room and is
    refused as one that does not exist (``room_not_found``); anything but a string is ``malformed_frame``."""
    if type(x) is not str:
        raise _bad(field, "a string")
    if not ROOM_RE.fullmatch(x):
        raise ProtocolError("room_not_found", "No room has this id: room ids are 1-64 characters from "
                                              "A-Z a-z 0-9 _ -.")
    return x


def _token(field: str, x: Any) -> str:
    if type(x) is not str or not 1 <= len(x) <= 128:
        raise _bad(field, "a string of 1-128 characters or nil")
    return x


def _ident(field: str, x: Any) -> str:
    if type(x) is not str or not ID_RE.fullmatch(x):
        raise _bad(field, "1-64 printable ASCII characters without spaces")
    return x


def _seat(field: str, x: Any):
    if x is not None and (type(x) is not int or x not in (1, 2)):
        raise _bad(field, "1, 2 or nil")
    return x


def _map(field: str, x: Any) -> dict:
    if type(x) is not dict:
        raise _bad(field, "a map")
    return x


def _list(field: str, x: Any) -> list:
    if type(x) is not list:
        raise _bad(field, "an array")
    return x


def _text(field: str, x: Any) -> str:
    if type(x) is not str:
        raise _bad(field, "a string")
    return x


class Message:
    """Base of all messages: ``T`` is the wire type name, ``CHECKS`` maps each field to its validator."""

    T: ClassVar[str]
    CHECKS: ClassVar[dict]

    def to_wire(self) -> dict:
        """The frame as a dict: ``{"t": T, field: value, ...}`` with every field present."""
        d = {"t": self.T}
        for name in _names(type(self)):
            d[name] = getattr(self, name)
        return d

    def with_clocks(self, clocks: dict | None):
        """The same message with ``clocks`` in place of its own (a message type with a ``clocks`` field; what
        ``dataclasses.replace(msg, clocks=clocks)`` gives, without its per-call look at the fields)."""
        return type(self)(*[clocks if name == "clocks" else getattr(self, name) for name in _names(type(self))])

    @classmethod
    def from_wire(cls, d: dict, strict: bool = True):
        """Validate a decoded frame map and build the message.

        ``strict`` (client frames): every field must be present and no other key may appear. Non-strict (server
        frames, read by clients and tests): absent optional fields default to None, extra keys are ignored.
        Fields are checked in ``CHECKS`` order. Raises ProtocolError("malformed_frame") naming the first bad
        field, or the code a field's check raises (Join: ``unsupported_protocol``, ``room_not_found``).
        """
        names = [f.name for f in fields(cls)]
        if strict:
            extra = sorted(k for k in d if k != "t" and k not in names)
            if extra:
                raise ProtocolError("malformed_frame", f"Unknown field {str(extra[0])[:32]!r} in a {cls.T!r} frame.")
            missing = [k for k in names if k not in d]
            if missing:
                raise ProtocolError("malformed_frame", f"Field {missing[0]!r} is missing from a {cls.T!r} frame.")
        return cls(**{k: check(k, d.get(k)) for k, check in cls.CHECKS.items()})


_NAMES: dict = {}


def _names(cls) -> tuple:
    """The field names of message class ``cls``, in order (looked up once per class)."""
    got = _NAMES.get(cls)
    if got is None:
        got = _NAMES[cls] = tuple(f.name for f in fields(cls))
    return got


# ----------------------------------------------------------------------------------------------- client -> server

@dataclass(frozen=True, slots=True)
class Join(Message):
    """Join a room as a player (``token`` = the seat token from the lobby) or as a spectator (``token`` nil).

    ``v`` is the last version this client saw (nil on a first join); the server answers with a Sync in any case.
    ``pv`` must equal :data:`PROTOCOL_VERSION`, else ``unsupported_protocol``; then a ``room`` string that is no
    room id is ``room_not_found`` (checked last: a client of another protocol version hears that first).
    """

    room: str
    token: str | None
    v: int | None
    pv: int
    T: ClassVar[str] = "join"

    @staticmethod
    def _pv(field: str, x: Any) -> int:
        _int(field, x)
        if x != PROTOCOL_VERSION:
            raise ProtocolError("unsupported_protocol",
                                f"Protocol version {x} is not supported; this server speaks {PROTOCOL_VERSION}.")
        return x

    CHECKS: ClassVar[dict] = {"token": lambda f, x: _opt(_token, f, x), "v": lambda f, x: _opt(_int, f, x),
                              "pv": _pv, "room": _room}


@dataclass(frozen=True, slots=True)
class Action(Message):
    """A game action (engine-api.md "Actions") built on version ``v``, tagged with a client-chosen ``id``.

    The id makes the action idempotent: sending the same id again gets the first answer again and the action is
    applied at most once. ``action`` must be a map with a string ``"act"``; the engine validates the rest.
    """

    id: str
    v: int
    action: dict
    T: ClassVar[str] = "action"

    @staticmethod
    def _action(field: str, x: Any) -> dict:
        if type(x) is not dict or type(x.get("act")) is not str:
            raise _bad(field, "a map with a string 'act'")
        return x

    CHECKS: ClassVar[dict] = {"id": _ident, "v": _int, "action": _action}


@dataclass(frozen=True, slots=True)
class Resync(Message):
    """Ask for a full Sync (sent after seeing a version gap)."""

    T: ClassVar[str] = "resync"
    CHECKS: ClassVar[dict] = {}


@dataclass(frozen=True, slots=True)
class Ping(Message):
    """Application-level ping; the server answers ``Pong`` with the same ``n``."""

    n: int
    T: ClassVar[str] = "ping"
    CHECKS: ClassVar[dict] = {"n": _int}


@dataclass(frozen=True, slots=True)
class Say(Message):
    """A chat message: ``text`` goes to the sender's channel, the players' room chat for a seat,
    the spectators' chat for a spectator. The server bounds its length and rate (``bad_message``,
    ``chat_limited``)."""

    text: str
    T: ClassVar[str] = "chat"
    CHECKS: ClassVar[dict] = {"text": _text}


# ----------------------------------------------------------------------------------------------- server -> client

def _clocks(field: str, x: Any):
    return _opt(_map, field, x)


@dataclass(frozen=True, slots=True)
class Sync(Message):
    """The full view for this viewer at version ``v`` (engine-api.md "View").

    ``you``: the viewer's seat (1, 2) or nil for a spectator. ``legal``: the viewer's legal actions when the game
    waits for this viewer (``view["to_act"] == you``), else nil. ``clocks``: nil or
    ``{"1": ms_left, "2": ms_left, "running": 1|2|nil}`` (the server's clocks, milliseconds).
    """

    v: int
    you: int | None
    view: dict
    legal: list | None
    clocks: dict | None
    T: ClassVar[str] = "sync"
    CHECKS: ClassVar[dict] = {"v": _int, "you": _seat, "view": _map, "legal": lambda f, x: _opt(_list, f, x),
                              "clocks": _clocks}


@dataclass(frozen=True, slots=True)
class Diff(Message):
    """The change of this viewer's view from version ``v - 1`` to ``v``: ``ops`` (protocol/diff.py) applied to the
    previous view give the new one. ``legal``/``clocks`` as in Sync (full values, not diffs). ``id``: the client
    action id that produced this version, only in the frame to the player who sent it (nil otherwise)."""

    v: int
    ops: list
    legal: list | None
    clocks: dict | None
    id: str | None = None
    T: ClassVar[str] = "diff"
    CHECKS: ClassVar[dict] = {"v": _int, "ops": _list, "legal": lambda f, x: _opt(_list, f, x),
                              "clocks": _clocks, "id": lambda f, x: _opt(_text, f, x)}


@dataclass(frozen=True, slots=True)
class Clocks(Message):
    """The room's ``clocks`` (as in Sync) changed at version ``v`` without a new version: a seat went away or came
    back, or its grace period ended (docs/server.md "Leavers and aborts"). Replaces the viewer's clocks; the view
    and ``legal`` stay. The same value for every viewer (it holds no hidden information)."""

    v: int
    clocks: dict | None
    T: ClassVar[str] = "clocks"
    CHECKS: ClassVar[dict] = {"v": _int, "clocks": _clocks}


@dataclass(frozen=True, slots=True)
class Error(Message):
    """A refusal: ``code`` (protocol/errors.py ERRORS), ``msg`` (one English sentence), ``id`` (the client action
    id it answers, or nil), ``v`` (the room's current version, nil before join), ``engine`` (the engine's error
    code when the engine refused the action, else nil)."""

    code: str
    msg: str
    id: str | None = None
    v: int | None = None
    engine: str | None = None
    T: ClassVar[str] = "error"

    # Any string code is accepted when reading (a newer server may add codes; clients treat unknown ones generically).
    CHECKS: ClassVar[dict] = {"code": _text, "msg": _text, "id": lambda f, x: _opt(_text, f, x),
                              "v": lambda f, x: _opt(_int, f, x), "engine": lambda f, x: _opt(_text, f, x)}

    @classmethod
    def of(cls, code: str, *, msg: str | None = None, id: str | None = None, v: int | None = None,
           engine: str | None = None) -> "Error":
        """An Error with the standard sentence for ``code`` unless ``msg`` is given."""
        return cls(code, msg or ERRORS[code], id, v, engine)


@dataclass(frozen=True, slots=True)
class End(Message):
    """The game is over at version ``v``: ``result`` = ``{"winner": 1|2|"draw", "reason": str}``."""

    v: int
    result: dict
    T: ClassVar[str] = "end"
    CHECKS: ClassVar[dict] = {"v": _int, "result": _map}


@dataclass(frozen=True, slots=True)
class Pong(Message):
    """Answer to Ping with the same ``n``."""

    n: int
    T: ClassVar[str] = "pong"
    CHECKS: ClassVar[dict] = {"n": _int}


@dataclass(frozen=True, slots=True)
class Chat(Message):
    """One chat line: ``channel`` ``"players"`` (the two seats' room chat) or ``"spectators"`` (never sent to a
    seat while the game runs), ``seat`` 1/2 or nil for a spectator, ``name`` the sender's display name, ``text``
    plain text (clients insert it as text, never as HTML), ``n`` its number in the channel (from 1)."""

    channel: str
    seat: int | None
    name: str
    text: str
    n: int
    T: ClassVar[str] = "chat"
    CHECKS: ClassVar[dict] = {"channel": _text, "seat": _seat, "name": _text, "text": _text, "n": _int}


CLIENT_TYPES: dict[str, type[Message]] = {m.T: m for m in (Join, Action, Resync, Ping, Say)}
SERVER_TYPES: dict[str, type[Message]] = {m.T: m for m in (Sync, Diff, Clocks, Error, End, Pong, Chat)}
